import Switchyard
import Testing

@Suite struct DispatchedActionTests {
    private let source = ActionSource(file: "A/B.swift", function: "f()", line: 1, info: nil)

    @Test func equalityComparesActionAndSource() {
        let other = source.appendingInfo("more")
        #expect(DispatchedAction(1, dispatcher: source) != DispatchedAction(1, dispatcher: other))
        #expect(DispatchedAction(1, dispatcher: source) != DispatchedAction(2, dispatcher: source))
    }
}
