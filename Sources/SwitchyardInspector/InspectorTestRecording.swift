import Switchyard

extension InspectorLink {
    /// What a test of the recorded history needs from the app, as the app sends it for the desktop to write the test:
    /// the values as Swift (``LiteralNode``, which only the app can make, with its types at hand), and the decisions
    /// that need the app's reducer or its sanitizers. The desktop lays the test out (see `ExportedTest`).
    package struct TestRecording: Codable, Sendable {
        /// One recorded action, as the test sends or receives it.
        package struct Entry: Codable, Sendable {
            /// The action's number in the history.
            package var id: Int
            /// The action, sanitized, with its type's name (`AppAction.search(…)`).
            package var action: LiteralNode
            /// Where it was dispatched from.
            package var file: String
            package var line: UInt
            /// Its info, sanitized, a line per element.
            package var info: [String]
            /// Whether a middleware or an effect dispatched it.
            package var isFollowUp: Bool
            /// Whether the page skipped it.
            package var isSkipped: Bool
            /// The state that a new test store starts from before this action: after the actions held during a
            /// travel (``TestRecording/heldRun``), or after a gap in the history; `nil` elsewhere.
            package var restart: LiteralNode?
            /// What the test asserts after the action.
            package var assertion: Assertion
        }

        /// What the test asserts of the state after an action.
        package enum Assertion: Codable, Sendable {
            /// The stored properties that changed, of a state written with its memberwise initializer: `$0.x = …`.
            case properties([Property])
            /// The whole state, `$0 = …`.
            case state(LiteralNode)
            /// Nothing: the state is written as it was before.
            case unchanged
        }

        /// A stored property of the state, as an assertion sets it.
        package struct Property: Codable, Sendable {
            package var label: String
            package var value: LiteralNode
        }

        /// The state the test store starts from, sanitized.
        package var base: LiteralNode
        /// The recorded actions, oldest first.
        package var entries: [Entry]
        /// How many older actions the full history let go.
        package var dropped: Int
        /// Whether the test runs the app's middleware: `false` when it was not asked for, when the history starts
        /// with actions held together, or when the store (and its reducer, which replays skipped actions) is gone.
        package var withMiddleware: Bool
        /// The offset in ``entries`` of the first of two actions or more held during a travel and given back
        /// together, from which the reducer alone replays the rest.
        package var heldRun: Int?
        /// Why the test is not what it was asked to be, for its documentation comment.
        package var notes: [String]
        /// Whether a value needs Foundation (a `Date`, `UUID`, `URL`, `Data` or `Decimal`).
        package var needsFoundation: Bool
        /// The modules that define the state and the action types.
        package var appModules: [String]

        /// Why a test with a middleware cannot replay the actions from `id` on.
        package static func heldRunNote(from id: Int) -> String {
            "From #\(id) on, the actions held while the inspector showed the past were processed together on the "
                + "return to the present, each before what the others caused; a test store processes what an action "
                + "causes before the next one."
        }
    }
}

extension StoreInspector {
    /// The recorded history, for the desktop to write as a test: with the app's middleware when `withMiddleware`,
    /// where the history lets a test replay it (see ``InspectorLink/TestRecording/withMiddleware``).
    package func testRecording(withMiddleware: Bool) -> InspectorLink.TestRecording {
        let (base, entries, dropped) = recorder.withState { state in
            (state.history.base, state.history.entries(after: nil), state.history.dropped)
        }
        return testRecording(base: base, entries: entries, dropped: dropped, withMiddleware: withMiddleware)
    }

    /// Actions recorded elsewhere, such as the journal of a persisted store, replayed through the reducer alone from
    /// `base`, for the desktop to write as a test. The live history is not touched.
    /// - Throws: when the store was freed: its reducer gives the states the test asserts.
    package func testRecording(
        of base: State, actions: [RecordedAction<Action>]
    ) throws -> InspectorLink.TestRecording {
        guard liveStore != nil else {
            throw InspectorSessionError(description: "The store was freed: its reducer replays a recording.")
        }
        return testRecording(
            base: base, entries: replayed(base: base, actions: actions), dropped: 0, withMiddleware: false)
    }

    func testRecording(
        base: State, entries: [InspectorEntry<Action, State>], dropped: Int, withMiddleware requested: Bool
    ) -> InspectorLink.TestRecording {
        var withMiddleware = requested
        var notes: [String] = []
        // Two held actions or more given back together: the middleware's part of the test ends before them.
        var heldRun = entries.indices.first { entries[$0].wasHeld && $0 + 1 < entries.count && entries[$0 + 1].wasHeld }
        if heldRun == 0 {
            notes.append(
                InspectorLink.TestRecording.heldRunNote(from: entries[0].id) + " The test replays the reducer alone.")
            withMiddleware = false
            heldRun = nil
        }
        var states = entries.map(\.state)
        // A gap ends the middleware's part too: what the actions left out caused is not recorded.
        let firstGap = entries.indices.first { $0 > 0 && entries[$0].stateBefore != nil }
        let withMiddlewareRange = 0..<Swift.min(heldRun ?? entries.count, firstGap ?? entries.count)
        if withMiddleware, let firstSkipped = withMiddlewareRange.first(where: { entries[$0].isSkipped }) {
            if liveStore != nil {
                let storeReducer = registration.reducer
                // The states as if nothing had been skipped, from the first skipped action on.
                var state = firstSkipped == 0 ? base : entries[firstSkipped - 1].state
                for offset in firstSkipped..<withMiddlewareRange.upperBound {
                    storeReducer.reduce(entries[offset].action, &state)
                    states[offset] = state
                }
            } else {
                notes.append(
                    "The store is gone, and with it the reducer that gives the states of a replay with the middleware "
                        + "and the skipped actions: this test replays the reducer alone, without them.")
                withMiddleware = false
                heldRun = nil
            }
        }

        // What the test shows is sanitized, once the states of the replays are known.
        let sanitize = currentSanitizers
        var writer = SwiftLiteralWriter()
        let baseNode = writer.node(for: sanitize(base), qualified: false)
        var before = baseNode
        var recorded: [InspectorLink.TestRecording.Entry] = []
        recorded.reserveCapacity(entries.count)
        for (offset, entry) in entries.enumerated() {
            var restart: LiteralNode?
            if offset == heldRun {
                restart = writer.node(
                    for: sanitize(offset == 0 ? base : entry.stateBefore ?? entries[offset - 1].state),
                    qualified: false)
            } else if offset > 0, let gapState = entry.stateBefore {
                restart = writer.node(for: sanitize(gapState), qualified: false)
            }
            if let restart { before = restart }
            let state = writer.node(for: sanitize(states[offset]), qualified: false)
            // A skipped action that the test leaves out keeps the state before it (the page's replay leaves it out
            // too): it asserts nothing, and the next action is compared with the same state.
            var assertion = InspectorLink.TestRecording.Assertion.unchanged
            if let old = before.properties, let new = state.properties, old.map(\.label) == new.map(\.label) {
                assertion = .properties(zip(old, new).filter { $0.value.text != $1.value.text }.map(\.1))
            } else if state.text != before.text {
                assertion = .state(state)
            }
            before = state
            let source = entry.source
            recorded.append(
                InspectorLink.TestRecording.Entry(
                    id: entry.id, action: writer.node(for: sanitize(entry.action), qualified: true),
                    file: source.file, line: source.line,
                    info: Self.sanitizedInfo(source.info, in: entries, sanitizedBy: sanitize).map {
                        $0.split(separator: "\n").map(String.init)
                    } ?? [],
                    isFollowUp: entry.isFollowUp, isSkipped: entry.isSkipped, restart: restart, assertion: assertion))
        }
        return InspectorLink.TestRecording(
            base: baseNode, entries: recorded, dropped: dropped,
            withMiddleware: withMiddleware, heldRun: heldRun, notes: notes, needsFoundation: writer.needsFoundation,
            appModules: Self.appModules)
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
}
