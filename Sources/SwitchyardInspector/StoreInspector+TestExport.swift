import CustomDump
import Switchyard

extension StoreInspector {
    /// The recorded history as a Swift Testing test that replays it with `TestStore`: `send` for the actions the
    /// app dispatched, `receive` for those that middlewares and effects dispatched, each with the state it left.
    ///
    /// Values are written as `customDump` prints them, which is Swift for enums and for structs with memberwise
    /// initializers; adjust what your types initialize differently. Skipped actions are left out.
    /// - Parameters:
    ///   - testName: the test function's name.
    ///   - reducer: the expression that gives the app's reducer in the test.
    ///   - middleware: the expression that gives the app's middleware in the test, or `nil` to test the reducer
    ///     alone (then every recorded action is sent).
    ///   - imports: the modules the test imports besides Testing and SwitchyardTesting.
    public func exportTest(
        named testName: String = "replaysInspectorSession",
        reducer: String = "appReducer",
        middleware: String? = "appMiddleware",
        imports: [String] = []
    ) -> String {
        let (base, entries) = recorder.withState { state in (state.history.base, state.history.entries(after: nil)) }
        var lines = ["import Testing", "import SwitchyardTesting"]
        lines += imports.map { "import \($0)" }
        lines += [
            "",
            "/// Replays \(entries.count) actions recorded by the inspector.",
            "@Test func \(testName)() async {",
            "    let store = TestStore(",
            "        initialState: \(Self.swiftLiteral(base, indent: 8)),",
            "        reducer: \(reducer)" + (middleware == nil ? "" : ","),
        ]
        if let middleware { lines.append("        middleware: \(middleware)") }
        lines.append("    )")
        for entry in entries where !entry.isSkipped {
            let verb = entry.isFollowUp && middleware != nil ? "receive" : "send"
            let source = entry.dispatched.dispatcher
            lines.append("    // #\(entry.id), from \(source.file):\(source.line)")
            lines.append("    await store.\(verb)(\(Self.swiftLiteral(entry.dispatched.action, indent: 4))) {")
            lines.append("        $0 = \(Self.swiftLiteral(entry.state, indent: 8))")
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` as `customDump` writes it, each line after the first indented by `indent` spaces, and each array
    /// element without the index label that `customDump` puts before it (`[0]: "Swift"`), which Swift would read
    /// as a dictionary literal.
    static func swiftLiteral(_ value: Any, indent: Int) -> String {
        var text = ""
        customDump(value, to: &text)
        let padding = String(repeating: " ", count: indent)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { index, line in
                let line = withoutIndexLabel(line)
                return index == 0 ? line : padding + line
            }
            .joined(separator: "\n")
    }

    /// `line` without a leading `[<digits>]: ` after its indentation, the label of an array element.
    static func withoutIndexLabel(_ line: Substring) -> String {
        let indentation = line.prefix { $0 == " " }
        let rest = line.dropFirst(indentation.count)
        guard rest.first == "[", let close = rest.firstIndex(of: "]"),
            rest[rest.index(after: rest.startIndex)..<close].allSatisfy(\.isWholeNumber),
            close > rest.index(after: rest.startIndex),
            rest[rest.index(after: close)...].hasPrefix(": ")
        else { return String(line) }
        return String(indentation) + rest[rest.index(close, offsetBy: 3)...]
    }
}
