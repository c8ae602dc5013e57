import Switchyard

extension StoreInspector {
    /// The recorded history as a Swift Testing test that replays it with `TestStore`: `send` for the actions the
    /// app dispatched, `receive` for those that middlewares and effects dispatched, each with the state it left
    /// (`$0.query = "swift"` for each property that changed, when the state is a struct).
    ///
    /// The test compiles and passes as it is written when the state and the actions are `Equatable` (as
    /// `TestStore` requires), are visible to the test with their memberwise initializers (`public` ones, or an
    /// `@testable import`), and are made of what the writer knows: strings, characters, Booleans, integers and
    /// floating-point numbers (`.infinity`, `.nan`), optionals, arrays, sets and dictionaries (written as literals,
    /// sets and dictionaries sorted), tuples, enums with or without associated values, labelled or not, nested at
    /// any depth, structs by their memberwise initializer, and `Date`, `UUID`, `URL`, `Data` and `Decimal` by the
    /// Foundation initializers that rebuild them exactly (the test then imports Foundation).
    ///
    /// Not supported, and to be edited by hand: structs whose memberwise initializer is not the way to build them
    /// (a `private` stored property, a `let` with a default value, a property wrapper or a `lazy` property; a type
    /// with its own `init`, or a custom `Mirror`); classes (written as a call with their stored properties); a state
    /// property that changes but is a `let`; cases without associated values of enums that describe themselves and
    /// have no raw value (written as their `description`); `NaN` anywhere (never equal to itself); and other types
    /// that `Mirror` sees as neither of the above, which are written as `customDump` prints them.
    ///
    /// How the history is replayed:
    /// - It starts from the recorded base state: the state when the inspector was attached, or after the oldest
    ///   actions that a full history let go. Actions that a middleware dispatched before the first action of the
    ///   app in the history answer actions that are not in it: the test sends them, since no middleware will. (An
    ///   effect of an action let go that dispatches after that first action is expected as usual: export before
    ///   the history is full when effects outlive their action by long.)
    /// - Jumps are not actions: time travel shows recorded states without changing the history. The actions that the
    ///   app and its effects dispatch meanwhile are held, and given back on the return to the present, where the
    ///   store processes them one after the other, before what any of them causes; a test store processes what an
    ///   action causes before the next one, and what caused what is not recorded. So from the first two actions
    ///   given back together on, a test with a middleware goes on with a second test store of the reducer alone,
    ///   from the recorded state before them, which sends every action that is not skipped and asserts the states
    ///   that the page shows.
    /// - Skipped actions. The inspector's replay runs the reducer alone without them. A test without middleware
    ///   (`middleware: nil`) does the same: it leaves them out and asserts the states the page shows. With a
    ///   middleware, a skip cannot be replayed: the middleware dispatches a skipped follow-up again, and the
    ///   follow-ups it dispatched for a skipped action of the app are recorded and would not come without it. The
    ///   test replays skipped actions as if they had not been skipped, with a comment on each, and asserts the
    ///   states the reducer gives then; when the store is gone and its reducer with it, the test is one of the
    ///   reducer alone.
    /// - Gaps. Actions that ran while recording was paused, or that a filter left out, are not in the history: from
    ///   the first action recorded after them on, the test goes on with a new test store of the reducer alone, from
    ///   the state the store had then, as after actions held during a travel.
    /// - Sanitizers. The test sends and asserts the actions and states as the sanitizers give them (see
    ///   ``actionSanitizer`` and ``stateSanitizer``), as the page shows them; when they change what the reducer sees
    ///   or gives, edit the test.
    /// - The recording ends with the last action: what effects still running dispatch after it is not asserted.
    /// - Parameters:
    ///   - testName: the test function's name.
    ///   - reducer: the expression that gives the app's reducer in the test.
    ///   - middleware: the expression that gives the app's middleware in the test, or `nil` to test the reducer
    ///     alone (then every recorded action that is not skipped is sent).
    ///   - imports: the modules the test imports besides Testing and SwitchyardTesting.
    ///   - importsAppModule: whether the test also imports, with `@testable`, the modules that define the state and
    ///     the action types (the first component of `String(reflecting:)` of each type), unless `imports` names
    ///     them.
    public func exportTest(
        named testName: String = "replaysInspectorSession",
        reducer: String = "appReducer",
        middleware: String? = "appMiddleware",
        imports: [String] = [],
        importsAppModule: Bool = true
    ) -> String {
        let (base, entries, dropped) = recorder.withState { state in
            (state.history.base, state.history.entries(after: nil), state.history.dropped)
        }
        return exportTest(
            base: base, entries: entries, dropped: dropped, named: testName, reducer: reducer, middleware: middleware,
            imports: imports, importsAppModule: importsAppModule)
    }

    /// A Swift Testing test that replays actions recorded elsewhere, such as the journal of a persisted store
    /// (SwitchyardPersistence's `JournalRecording`), through the reducer alone, from `base`: each action is sent,
    /// with the properties of the state that it changed, as the store's reducer gives them now. The live history is
    /// not touched. A journal holds every action the store processed, those its middlewares dispatched among them,
    /// so the test sends them all and runs no middleware.
    /// - Parameters:
    ///   - base: the state before the first action.
    ///   - actions: the actions, in the order the store processed them.
    ///   - testName: the test function's name.
    ///   - reducer: the expression that gives the app's reducer in the test.
    ///   - imports: the modules the test imports besides Testing and SwitchyardTesting.
    ///   - importsAppModule: whether the test also imports, with `@testable`, the modules that define the state and
    ///     the action types.
    /// - Throws: when the store was freed: its reducer gives the states the test asserts.
    public func exportTest(
        recordingFrom base: State,
        actions: [RecordedAction<Action>],
        named testName: String = "replaysJournal",
        reducer: String = "appReducer",
        imports: [String] = [],
        importsAppModule: Bool = true
    ) throws -> String {
        guard liveStore != nil else {
            throw InspectorSessionError(description: "The store was freed: its reducer replays a recording.")
        }
        let entries = replayed(base: base, actions: actions)
        return exportTest(
            base: base, entries: entries, dropped: 0, named: testName, reducer: reducer, middleware: nil,
            imports: imports, importsAppModule: importsAppModule)
    }

    func exportTest(
        base: State,
        entries: [InspectorEntry<Action, State>],
        dropped: Int,
        named testName: String,
        reducer: String,
        middleware: String?,
        imports: [String],
        importsAppModule: Bool
    ) -> String {
        var middleware = middleware
        var notes: [String] = []
        // Two held actions or more given back together: the middleware's part of the test ends before them.
        var heldRun = entries.indices.first { entries[$0].wasHeld && $0 + 1 < entries.count && entries[$0 + 1].wasHeld }
        if heldRun == 0 {
            notes.append(Self.heldRunNote(from: entries[0].id) + " The test replays the reducer alone.")
            middleware = nil
            heldRun = nil
        }
        var states = entries.map(\.state)
        // A gap ends the middleware's part too: what the actions left out caused is not recorded.
        let firstGap = entries.indices.first { $0 > 0 && entries[$0].stateBefore != nil }
        let withMiddleware = 0..<Swift.min(heldRun ?? entries.count, firstGap ?? entries.count)
        if middleware != nil, let firstSkipped = withMiddleware.first(where: { entries[$0].isSkipped }) {
            if liveStore != nil {
                let storeReducer = registration.reducer
                // The states as if nothing had been skipped, from the first skipped action on.
                var state = firstSkipped == 0 ? base : entries[firstSkipped - 1].state
                for offset in firstSkipped..<withMiddleware.upperBound {
                    storeReducer.reduce(entries[offset].action, &state)
                    states[offset] = state
                }
            } else {
                notes.append(
                    "The store is gone, and with it the reducer that gives the states of a replay with the middleware "
                        + "and the skipped actions: this test replays the reducer alone, without them.")
                middleware = nil
                heldRun = nil
            }
        }

        var writer = SwiftLiteralWriter()
        var storeName = "store"
        var body: [String] = []
        /// Declares a test store that starts from `state`, and returns `state` as it is written.
        func declareStore(from state: State, middleware: String?) -> String {
            body.append("    let \(storeName) = TestStore(")
            let initialState = writer.write(state, column: 22, indent: 8)
            body.append("        initialState: \(initialState),")
            body.append("        reducer: \(reducer)" + (middleware == nil ? "" : ","))
            if let middleware { body.append("        middleware: \(middleware)") }
            body.append("    )")
            return initialState
        }
        // What the test shows is sanitized, once the states of the replays are known.
        let sanitize = currentSanitizers
        states = states.map { sanitize($0) }
        var beforeText = declareStore(from: sanitize(base), middleware: middleware)
        var before = writer.properties(of: sanitize(base))
        var segment = 0
        var hasSentAnAction = false
        for (offset, entry) in entries.enumerated() {
            let id = entry.id
            let action = sanitize(entry.action)
            if offset == heldRun {
                // The actions held while the store showed the past were processed one after the other, before what
                // any of them caused; a test store processes what an action causes before the next one.
                body += Self.comment(
                    Self.heldRunNote(from: id)
                        + " So the reducer alone replays the rest, from the state before #\(id), "
                        + "with the states that the inspector shows.", indent: 4)
                body.append("    \(storeName).exhaustivity = .off")
                storeName = "afterTravel"
                middleware = nil
                let state = sanitize(offset == 0 ? base : entry.stateBefore ?? entries[offset - 1].state)
                beforeText = declareStore(from: state, middleware: nil)
                before = writer.properties(of: state)
            }
            if offset > 0, offset != heldRun, let gapState = entry.stateBefore {
                // Actions ran before this one that the history does not hold.
                body += Self.comment(
                    "Actions ran before #\(id) that the inspector did not record (recording was paused, or a filter "
                        + "left them out): the reducer alone replays the rest, from the state the store had then.",
                    indent: 4)
                body.append("    \(storeName).exhaustivity = .off")
                segment += 1
                storeName = "afterGap" + (segment == 1 ? "" : "\(segment)")
                middleware = nil
                let state = sanitize(gapState)
                beforeText = declareStore(from: state, middleware: nil)
                before = writer.properties(of: state)
            }
            if entry.isSkipped, middleware == nil {
                let text = writer.write(action, column: 0, indent: 0, qualified: true)
                body += Self.comment(
                    "#\(id), skipped in the inspector, is left out" + (text.contains("\n") ? "." : ": " + text),
                    indent: 4)
                continue
            }
            var verb = "send"
            var comments: [String] = []
            if middleware != nil, entry.isFollowUp {
                if hasSentAnAction {
                    verb = "receive"
                } else {
                    comments.append(
                        "Dispatched by a middleware for an action that the history does not hold: sent, as no "
                            + "middleware of this test dispatches it.")
                }
            }
            if !entry.isFollowUp { hasSentAnAction = true }
            if entry.isSkipped {
                comments.append(
                    entry.isFollowUp
                        ? "Skipped in the inspector, but replayed: the middleware dispatches it again in this test."
                        : "Skipped in the inspector, but sent: what the middleware dispatched for it is replayed "
                            + "and would not come without it.")
                comments.append("A test without middleware leaves skipped actions out, as the inspector's replay does.")
            }
            let source = entry.source
            body.append("    // #\(id), from \(source.file):\(source.line)")
            let info =
                Self.sanitizedInfo(source.info, in: entries, sanitizedBy: sanitize).map {
                    $0.split(separator: "\n").map(String.init)
                } ?? []
            body += (info + comments).flatMap { Self.comment($0, indent: 4) }
            let call = "    await \(storeName).\(verb)("
            let actionText = writer.write(action, column: call.count, indent: 4, qualified: true)

            let state = states[offset]
            var assertions: [String] = []
            let after = writer.properties(of: state)
            if let before, let after, before.map(\.label) == after.map(\.label) {
                for (old, new) in zip(before, after) where old.node.text != new.node.text {
                    let assignment = "        $0.\(new.label) = "
                    assertions.append(
                        assignment
                            + SwiftLiteralWriter.layout(
                                new.node, column: assignment.count, indent: 8, width: writer.width))
                }
                beforeText = ""
            } else {
                let stateText = writer.write(state, column: 13, indent: 8)
                if stateText != beforeText { assertions.append("        $0 = " + stateText) }
                beforeText = stateText
            }
            before = after
            if assertions.isEmpty {
                body.append(call + actionText + ")")
            } else {
                body.append(call + actionText + ") {")
                body += assertions
                body.append("    }")
            }
        }
        if middleware != nil {
            body.append(
                "    // The recording ends here: what effects still running dispatch afterwards is not part of it.")
            body.append("    \(storeName).exhaustivity = .off")
        }

        var lines: [String] = []
        if writer.needsFoundation, !imports.contains("Foundation") { lines.append("import Foundation") }
        lines += ["import Testing", "import SwitchyardTesting"]
        lines += imports.map { "import \($0)" }
        if importsAppModule {
            for module in Self.appModules where !imports.contains(module) { lines.append("@testable import \(module)") }
        }
        lines.append("")
        var summary = "Replays the \(entries.count) actions that the inspector recorded"
        if let first = entries.first, let last = entries.last { summary += ", #\(first.id) to #\(last.id)" }
        if dropped > 0 {
            summary +=
                ", from the state after the " + (dropped == 1 ? "older one" : "\(dropped) older ones")
                + " that it let go"
        }
        lines += Self.comment(summary + ".", indent: 0, marker: "///")
        lines += notes.flatMap { Self.comment($0, indent: 0, marker: "///") }
        lines.append("@Test func \(testName)() async {")
        lines += body
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The modules that define the state and the action types, the standard library's left out: the first
    /// component of each type's full name.
    static var appModules: [String] {
        var modules: [String] = []
        for name in [String(reflecting: State.self), String(reflecting: Action.self)] {
            guard let module = name.split(separator: ".").first.map(String.init), module != "Swift",
                !module.contains("<"), !module.contains("("), !modules.contains(module)
            else { continue }
            modules.append(module)
        }
        return modules
    }

    /// Why a test with a middleware cannot replay the actions from `id` on.
    static func heldRunNote(from id: Int) -> String {
        "From #\(id) on, the actions held while the inspector showed the past were processed together on the return "
            + "to the present, each before what the others caused; a test store processes what an action causes "
            + "before the next one."
    }

    /// `text` as comment lines of at most 100 columns, indented by `indent` spaces.
    static func comment(_ text: String, indent: Int, marker: String = "//") -> [String] {
        let prefix = String(repeating: " ", count: indent) + marker + " "
        var lines: [String] = []
        var line = prefix
        for word in text.split(separator: " ") {
            if line != prefix, line.count + 1 + word.count > 100 {
                lines.append(line)
                line = prefix
            }
            line += (line == prefix ? "" : " ") + word
        }
        return lines + [line]
    }

    /// `value` as Swift, an enum with its type's name, each line after the first indented by `indent` spaces.
    static func swiftLiteral(_ value: Any, indent: Int) -> String {
        var writer = SwiftLiteralWriter()
        return writer.write(value, column: indent, indent: indent, qualified: true)
    }
}
