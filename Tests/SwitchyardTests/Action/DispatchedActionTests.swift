import Switchyard
import Testing

@Suite struct DispatchedActionTests {
    private let source = ActionSource(file: "A/B.swift", function: "f()", line: 1, info: nil)

    @Test func mapTransformsTheActionAndKeepsTheSource() {
        let mapped = DispatchedAction(2, dispatcher: source).map { $0 * 10 }
        #expect(mapped == DispatchedAction(20, dispatcher: source))
    }

    @Test func compactMapKeepsTheSourceOrGivesNil() {
        let text = DispatchedAction("12", dispatcher: source)
        #expect(text.compactMap { Int($0) } == DispatchedAction(12, dispatcher: source))
        #expect(DispatchedAction("x", dispatcher: source).compactMap { Int($0) } == nil)
    }

    @Test func equalityComparesActionAndSource() {
        let other = source.appendingInfo("more")
        #expect(DispatchedAction(1, dispatcher: source) != DispatchedAction(1, dispatcher: other))
        #expect(DispatchedAction(1, dispatcher: source) != DispatchedAction(2, dispatcher: source))
    }
}
