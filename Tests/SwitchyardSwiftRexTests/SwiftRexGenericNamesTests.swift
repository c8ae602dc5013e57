import SwitchyardSwiftRex
import Testing

/// SwiftRex names a reducer's and an emission policy's types `ActionType` and `StateType`; the core names them
/// `Action` and `State`. With `import SwitchyardSwiftRex`, code written with SwiftRex's names compiles unchanged.
@Suite struct SwiftRexGenericNamesTests {
    enum CounterAction: Sendable, Equatable {
        case increment, reset
    }

    @Test func aReducerExtendedWithSwiftRexsNamesReduces() {
        var state = 3
        Reducer<CounterAction, Int>.counter.reduce(.increment, &state)
        #expect(state == 4)
        Reducer<CounterAction, Int>.counter.reduce(.reset, &state)
        #expect(state == 0)
        #expect(Reducer<CounterAction, Int>.ActionType.self == CounterAction.self)
        #expect(Reducer<CounterAction, Int>.StateType.self == Int.self)
    }

    @Test func anEmissionPolicyNamesItsStateAsSwiftRexDoes() {
        let policy: ShouldEmitValue<Int> = .whenDifferent
        #expect(ShouldEmitValue<Int>.StateType.self == Int.self)
        #expect(policy.shouldEmit(previous: 1, new: 2))
        #expect(policy.shouldRemove(previous: 2, new: 2))
    }
}

// Written as SwiftRex code writes it: the same-type requirements name `ActionType` and `StateType`.
extension Reducer where ActionType == SwiftRexGenericNamesTests.CounterAction, StateType == Int {
    static var counter: Reducer {
        Reducer { action, state in
            switch action {
            case .increment: state += 1
            case .reset: state = 0
            }
        }
    }
}
