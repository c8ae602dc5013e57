import Foundation
import SwitchyardInspectorDesktop
import Testing

@testable import SwitchyardInspector

extension StoreInspector {
    /// The test that the desktop writes of this inspector's history: the app's recording goes through JSON, as on
    /// the link, and the desktop writes it with these names.
    func exportTest(
        named testName: String = "replaysInspectorSession",
        reducer: String = "appReducer",
        middleware: String? = "appMiddleware",
        imports: [String] = [],
        importsAppModule: Bool = true
    ) -> String {
        ExportedTest.source(
            of: sentOverTheLink(testRecording(withMiddleware: middleware != nil)),
            names: InspectorLink.TestExport(name: testName, reducer: reducer, middleware: middleware, imports: imports),
            importsAppModule: importsAppModule)
    }

    /// The test that the desktop writes of `actions` replayed from `base` by this inspector's reducer, as it writes
    /// the test of a journal.
    func exportTest(
        recordingFrom base: State,
        actions: [RecordedAction<Action>],
        named testName: String = "replaysJournal",
        reducer: String = "appReducer",
        imports: [String] = [],
        importsAppModule: Bool = true
    ) throws -> String {
        ExportedTest.source(
            of: sentOverTheLink(try testRecording(of: base, actions: actions)),
            names: InspectorLink.TestExport(name: testName, reducer: reducer, middleware: nil, imports: imports),
            importsAppModule: importsAppModule)
    }

    /// `value` as Swift, an enum with its type's name, each line after the first indented by `indent` spaces.
    static func swiftLiteral(_ value: Any, indent: Int) -> String {
        var writer = SwiftLiteralWriter()
        return writer.write(value, column: indent, indent: indent, qualified: true)
    }
}

/// `recording` encoded as the app sends it, and decoded as the desktop reads it.
func sentOverTheLink(_ recording: InspectorLink.TestRecording) -> InspectorLink.TestRecording {
    do {
        return try JSONDecoder().decode(
            InspectorLink.TestRecording.self, from: try JSONEncoder().encode(recording))
    } catch {
        Issue.record("A test recording does not survive the link: \(error)")
        return recording
    }
}

extension SwiftLiteralWriter {
    /// `value` as the desktop writes it, starting at `column` on a line indented by `indent` spaces.
    mutating func write(_ value: Any, column: Int, indent: Int, qualified: Bool = false) -> String {
        ExportedTest.layout(node(for: value, qualified: qualified), column: column, indent: indent)
    }
}
