import SwitchyardSwiftRex
import Testing

/// `<>` has SwiftRex's precedence: tighter than `*` and `+`, and left-associative.
@Suite struct MonoidAppendPrecedenceSwift5Tests {
    struct Text: Semigroup, Equatable {
        let value: String

        static func <> (lhs: Text, rhs: Text) -> Text { Text(value: lhs.value + rhs.value) }
        static func * (lhs: Text, times: Int) -> Text { Text(value: String(repeating: lhs.value, count: times)) }
        static func + (lhs: Text, rhs: Text) -> Text { Text(value: lhs.value + "+" + rhs.value) }
    }

    @Test func appendBindsTighterThanMultiplicationAndAddition() {
        let a = Text(value: "a")
        let b = Text(value: "b")
        let multiplied = a <> b * 2
        let added = a + b <> a
        #expect(multiplied == Text(value: "abab"))
        #expect(added == Text(value: "a+ba"))
    }

    @Test func appendAssociatesToTheLeft() {
        let parts = [Text(value: "x"), Text(value: "y"), Text(value: "z")]
        let joined = parts[0] <> parts[1] <> parts[2]
        #expect(joined == Text(value: "xyz"))
    }
}
