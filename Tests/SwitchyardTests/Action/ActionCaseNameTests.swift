import Foundation
import Switchyard
import Synchronization
import Testing

private enum CaseNamedAction: Sendable {
    case refresh
    case search(String)
    case loaded([String])
    case select(index: Int)
    case child(RowAction)
    case big(String, String, String)
    case stop

    enum RowAction: Sendable {
        case tap(Int)
        case reset
    }
}

private enum OnlyCase: Sendable {
    case ping
}

private enum Described: Sendable, CustomStringConvertible {
    case quiet
    case loud(Int)

    var description: String { "described at \(Date())" }
}

private enum DescribedCodable: Sendable, Codable, CustomStringConvertible {
    case tick
    case tap(Int)

    var description: String { "Clock (1 s)" }
}

/// Codable in a shape of its own: its coding does not name its cases.
private enum DescribedCustomCoding: Sendable, Encodable, CustomStringConvertible {
    case tick

    var description: String { "tick tock" }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("t")
    }
}

private indirect enum Tree: Sendable {
    case leaf(Int)
    case node(Tree, Tree)
    case empty
}

private enum Generic<Value: Sendable>: Sendable {
    case one(Value)
    case none
    case many([Value])
}

/// Cases with payloads of one size, whose tag the compiler keeps beside the payload.
private enum SmallPayloads: Sendable {
    case left(Int8)
    case right(Int8)
    case neither
}

private struct Form: Sendable {
    var text: String
}

@Suite struct ActionCaseNameTests {
    @Test func aCaseIsNamedWithoutItsPayload() {
        #expect(actionCaseName(CaseNamedAction.refresh) == "refresh")
        #expect(actionCaseName(CaseNamedAction.stop) == "stop")
        #expect(actionCaseName(CaseNamedAction.search("secret")) == "search")
        #expect(actionCaseName(CaseNamedAction.loaded(["a", "b"])) == "loaded")
        #expect(actionCaseName(CaseNamedAction.select(index: 3)) == "select")
        #expect(actionCaseName(OnlyCase.ping) == "ping")
    }

    @Test func aNestedEnumIsNamedByItsOuterCase() {
        #expect(actionCaseName(CaseNamedAction.child(.tap(1))) == "child")
        #expect(actionCaseName(CaseNamedAction.child(.reset)) == "child")
        #expect(actionCaseName(CaseNamedAction.RowAction.reset) == "reset")
    }

    @Test func anActionThatIsNotAnEnumIsNamedByItsType() {
        #expect(actionCaseName("a string") == "String")
        #expect(actionCaseName(Form(text: "x")) == "Form")
        #expect(actionCaseName(42) == "Int")
    }

    @Test func anActionLargerThanTheKeptBytesIsNamedEachTime() {
        for index in 0..<3 {
            #expect(actionCaseName(CaseNamedAction.big("a", "b", "\(index)")) == "big")
        }
    }

    @Test func aCaseWithoutPayloadOfAnEnumThatDescribesItselfIsNamedByItsCase() {
        #expect(actionCaseName(Described.quiet) == "quiet")
        #expect(actionCaseName(Described.loud(1)) == "loud")
        #expect(actionCaseName(DescribedCodable.tick) == "tick")
        #expect(actionCaseName(DescribedCodable.tap(2)) == "tap")
        #expect(actionCaseName(DescribedCustomCoding.tick) == "tick")
    }

    @Test func everyShapeOfEnumIsNamedByItsDeclaredCase() {
        #expect(actionCaseName(Tree.leaf(1)) == "leaf")
        #expect(actionCaseName(Tree.node(.empty, .leaf(2))) == "node")
        #expect(actionCaseName(Tree.empty) == "empty")
        #expect(actionCaseName(Generic<String>.one("a")) == "one")
        #expect(actionCaseName(Generic<String>.none) == "none")
        #expect(actionCaseName(Generic<Int>.many([1])) == "many")
        #expect(actionCaseName(SmallPayloads.left(1)) == "left")
        #expect(actionCaseName(SmallPayloads.right(1)) == "right")
        #expect(actionCaseName(SmallPayloads.neither) == "neither")
        #expect(actionCaseName(Int?.some(1)) == "some")
        #expect(actionCaseName(Int?.none) == "none")
        // An enum of a module built for library evolution, whose layout this module does not know.
        #expect(actionCaseName(Unicode.GeneralCategory.uppercaseLetter) == "uppercaseLetter")
        #expect(actionCaseName(FloatingPointRoundingRule.towardZero) == "towardZero")
    }

    @Test func anEnumBehindAnExistentialIsNamedByItsCase() {
        let actions: [any Sendable] = [CaseNamedAction.search("q"), CaseNamedAction.select(index: 1)]
        #expect(actions.map { actionCaseName($0) } == ["search", "select"])
    }

    @Test func namesStayRightPastTheKeptPayloads() {
        // More distinct payloads than a type keeps names for: the later ones are reflected, and named alike.
        for index in 0..<200 {
            #expect(actionCaseName(CaseNamedAction.select(index: index)) == "select")
            #expect(actionCaseName(CaseNamedAction.search("\(index)")) == "search")
        }
        #expect(actionCaseName(CaseNamedAction.refresh) == "refresh")
    }

    @Test func threadsNamingAtOnceGetTheSameNames() {
        let actions: [CaseNamedAction] = [
            .refresh, .stop, .search("q"), .loaded([]), .child(.reset), .select(index: 9),
        ]
        let expected = ["refresh", "stop", "search", "loaded", "child", "select"]
        let mismatches = MismatchCount()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<200 {
                let index = (thread + round) % actions.count
                if actionCaseName(actions[index]) != expected[index] { mismatches.increment() }
            }
        }
        #expect(mismatches.value == 0)
    }
}

/// A count that threads increment.
private final class MismatchCount: Sendable {
    private let count = Atomic(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
