import Foundation
import SwitchyardInspector

/// The recorded history of an app as a Swift Testing test that replays it with `TestStore`: `send` for the actions
/// the app dispatched, `receive` for those that middlewares and effects dispatched, each with the state it left
/// (`$0.query = "swift"` for each property that changed, when the state is a struct). The app sends its values as
/// Swift, with the decisions that need its reducer (``InspectorLink/TestRecording``); the desktop writes the test.
///
/// The test compiles and passes as it is written when the state and the actions are `Equatable` (as `TestStore`
/// requires), are visible to the test with their memberwise initializers (`public` ones, or an `@testable import`),
/// and are made of what the writer knows: strings, characters, Booleans, integers and floating-point numbers
/// (`.infinity`, `.nan`), optionals, arrays, sets and dictionaries (written as literals, sets and dictionaries
/// sorted), tuples, enums with or without associated values, labelled or not, nested at any depth, structs by their
/// memberwise initializer, and `Date`, `UUID`, `URL`, `Data` and `Decimal` by the Foundation initializers that
/// rebuild them exactly (the test then imports Foundation).
///
/// Not supported, and to be edited by hand: structs whose memberwise initializer is not the way to build them (a
/// `private` stored property, a `let` with a default value, a property wrapper or a `lazy` property; a type with its
/// own `init`, or a custom `Mirror`); classes (written as a call with their stored properties); a state property
/// that changes but is a `let`; cases without associated values of enums that describe themselves and have no raw
/// value (written as their `description`); `NaN` anywhere (never equal to itself); and other types that `Mirror`
/// sees as neither of the above, which are written as `customDump` prints them.
///
/// How the history is replayed:
/// - It starts from the recorded base state: the state when the inspector was attached, or after the oldest actions
///   that a full history let go. Actions that a middleware dispatched before the first action of the app in the
///   history answer actions that are not in it: the test sends them, since no middleware will. (An effect of an
///   action let go that dispatches after that first action is expected as usual: export before the history is full
///   when effects outlive their action by long.)
/// - Jumps are not actions: time travel shows recorded states without changing the history. The actions that the app
///   and its effects dispatch meanwhile are held, and given back on the return to the present, where the store
///   processes them one after the other, before what any of them causes; a test store processes what an action
///   causes before the next one, and what caused what is not recorded. So from the first two actions given back
///   together on, a test with a middleware goes on with a second test store of the reducer alone, from the recorded
///   state before them, which sends every action that is not skipped and asserts the states that the page shows.
/// - Skipped actions. The inspector's replay runs the reducer alone without them. A test without middleware does the
///   same: it leaves them out and asserts the states the page shows. With a middleware, a skip cannot be replayed: the
///   middleware dispatches a skipped follow-up again, and the follow-ups it dispatched for a skipped action of the app
///   are recorded and would not come without it. The test replays skipped actions as if they had not been skipped,
///   with a comment on each, and asserts the states the reducer gives then; when the store is gone and its reducer
///   with it, the test is one of the reducer alone.
/// - Gaps. Actions that ran while recording was paused, or that a filter left out, are not in the history: from the
///   first action recorded after them on, the test goes on with a new test store of the reducer alone, from the state
///   the store had then, as after actions held during a travel.
/// - Sanitizers. The test sends and asserts the actions and states as the app's sanitizers give them, as the page
///   shows them; when they change what the reducer sees or gives, edit the test.
/// - The recording ends with the last action: what effects still running dispatch after it is not asserted.
package enum ExportedTest {
    /// The widest line that a value is kept on, its indentation included.
    static let width = 100

    /// The test of `recording`, written with the names of `export`; with `importsAppModule`, it also imports, with
    /// `@testable`, the modules that define the state and the action types, unless `export.imports` names them.
    package static func source(
        of recording: InspectorLink.TestRecording, names export: InspectorLink.TestExport,
        importsAppModule: Bool = true
    ) -> String {
        let entries = recording.entries
        var middleware = recording.withMiddleware ? export.middleware : nil
        var storeName = "store"
        var body: [String] = []
        /// Declares a test store that starts from `state`.
        func declareStore(from state: LiteralNode, middleware: String?) {
            body.append("    let \(storeName) = TestStore(")
            body.append("        initialState: \(layout(state, column: 22, indent: 8)),")
            body.append("        reducer: \(export.reducer)" + (middleware == nil ? "" : ","))
            if let middleware { body.append("        middleware: \(middleware)") }
            body.append("    )")
        }
        declareStore(from: recording.base, middleware: middleware)
        var segment = 0
        var hasSentAnAction = false
        for (offset, entry) in entries.enumerated() {
            let id = entry.id
            if offset == recording.heldRun, let restart = entry.restart {
                // The actions held while the store showed the past were processed one after the other, before what
                // any of them caused; a test store processes what an action causes before the next one.
                body += comment(
                    InspectorLink.TestRecording.heldRunNote(from: id)
                        + " So the reducer alone replays the rest, from the state before #\(id), "
                        + "with the states that the inspector shows.", indent: 4)
                body.append("    \(storeName).exhaustivity = .off")
                storeName = "afterTravel"
                middleware = nil
                declareStore(from: restart, middleware: nil)
            } else if offset > 0, let restart = entry.restart {
                // Actions ran before this one that the history does not hold.
                body += comment(
                    "Actions ran before #\(id) that the inspector did not record (recording was paused, or a filter "
                        + "left them out): the reducer alone replays the rest, from the state the store had then.",
                    indent: 4)
                body.append("    \(storeName).exhaustivity = .off")
                segment += 1
                storeName = "afterGap" + (segment == 1 ? "" : "\(segment)")
                middleware = nil
                declareStore(from: restart, middleware: nil)
            }
            if entry.isSkipped, middleware == nil {
                let text = layout(entry.action, column: 0, indent: 0)
                body += comment(
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
            body.append("    // #\(id), from \(entry.file):\(entry.line)")
            body += (entry.info + comments).flatMap { comment($0, indent: 4) }
            let call = "    await \(storeName).\(verb)("
            let actionText = layout(entry.action, column: call.count, indent: 4)
            var assertions: [String] = []
            switch entry.assertion {
            case .properties(let changed):
                for property in changed {
                    let assignment = "        $0.\(property.label) = "
                    assertions.append(assignment + layout(property.value, column: assignment.count, indent: 8))
                }
            case .state(let state):
                assertions.append("        $0 = " + layout(state, column: 13, indent: 8))
            case .unchanged:
                break
            }
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
        let imports = export.imports
        if recording.needsFoundation, !imports.contains("Foundation") { lines.append("import Foundation") }
        lines += ["import Testing", "import SwitchyardTesting"]
        lines += imports.map { "import \($0)" }
        if importsAppModule {
            for module in recording.appModules where !imports.contains(module) {
                lines.append("@testable import \(module)")
            }
        }
        lines.append("")
        var summary = "Replays the \(entries.count) actions that the inspector recorded"
        if let first = entries.first, let last = entries.last { summary += ", #\(first.id) to #\(last.id)" }
        if recording.dropped > 0 {
            summary +=
                ", from the state after the "
                + (recording.dropped == 1 ? "older one" : "\(recording.dropped) older ones") + " that it let go"
        }
        lines += comment(summary + ".", indent: 0, marker: "///")
        lines += recording.notes.flatMap { comment($0, indent: 0, marker: "///") }
        lines.append("@Test func \(export.name)() async {")
        lines += body
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The names of the test that `request` asks for, and the file the page saves it as; `nil` for a request that
    /// asks for no test.
    static func asked(by request: InspectorLink.Request) -> (names: InspectorLink.TestExport, file: String)? {
        switch request {
        case .exportTest(let export): (export, "InspectorSessionTests.swift")
        case .journalTest(_, let export): (export, "JournalTests.swift")
        default: nil
        }
    }

    /// The page's download of the test that the app's `reply`, its recording, holds.
    static func response(to reply: InspectorReply, names: InspectorLink.TestExport, file: String) -> DesktopResponse {
        guard let recording = try? JSONDecoder().decode(InspectorLink.TestRecording.self, from: reply.body) else {
            return .failure(502, "The app's recording of the test could not be read.")
        }
        var response = DesktopResponse(
            status: 200, body: Data(source(of: recording, names: names).utf8),
            contentType: "text/plain; charset=utf-8")
        response.headers.append(("Content-Disposition", "attachment; filename=\"\(file)\""))
        return response
    }

    /// `node` laid out from `column` on a line indented by `indent` spaces: on one line when it fits in ``width``
    /// columns; otherwise each element goes on a line of its own, indented by four more spaces.
    package static func layout(_ node: LiteralNode, column: Int, indent: Int) -> String {
        if node.isSingleLine, node.text.utf8.count <= 4 * width, column + node.text.count <= width { return node.text }
        guard let elements = node.elements, !elements.isEmpty else {
            // A text that spans lines (`customDump`'s): its lines after the first follow the indentation.
            let padding = String(repeating: " ", count: indent)
            return node.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset == 0 ? String($0.element) : padding + $0.element }
                .joined(separator: "\n")
        }
        let inner = indent + 4
        let padding = String(repeating: " ", count: inner)
        var text = node.open + "\n"
        for (offset, element) in elements.enumerated() {
            var prefix = ""
            switch element.key {
            case .none: break
            case .label(let label): prefix = label + ": "
            case .value(let key): prefix = layout(key, column: inner, indent: inner) + ": "
            }
            // The value starts after the prefix's last line.
            let lastLine = prefix.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
            let column = (prefix.contains("\n") ? 0 : inner) + lastLine.count
            text += padding + prefix + layout(element.value, column: column, indent: inner)
            text += offset == elements.count - 1 ? "\n" : ",\n"
        }
        return text + String(repeating: " ", count: indent) + node.close
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
}
