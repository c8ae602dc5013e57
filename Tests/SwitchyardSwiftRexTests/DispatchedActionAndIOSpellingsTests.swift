import SwitchyardSwiftRex
import SwitchyardTestSupport
import Testing

/// SwiftRex 0.8's `map` and `compactMap` of a dispatched action and its `flatMap` of an IO.
@Suite struct DispatchedActionAndIOSpellingsTests {
    private let source = ActionSource(file: "A/B.swift", function: "f()", line: 1, info: nil)

    /// Runs `io` and returns what it dispatched, in order.
    private func dispatched<Action: Sendable>(by io: IO<Action>) -> [Action] {
        let recorded = LockedValue<[Action]>([])
        io.run(AnyActionHandler { dispatched in recorded.withLock { $0.append(dispatched.action) } })
        return recorded.withLock { $0 }
    }

    private func dispatching(_ actions: Int...) -> IO<Int> {
        IO { output in
            for action in actions { output.dispatch(action) }
        }
    }

    @Test func mapTransformsTheActionAndKeepsTheSource() {
        let mapped = DispatchedAction(2, dispatcher: source).map { $0 * 10 }
        #expect(mapped == DispatchedAction(20, dispatcher: source))
    }

    @Test func compactMapKeepsTheSourceOrGivesNil() {
        let text = DispatchedAction("12", dispatcher: source)
        #expect(text.compactMap { Int($0) } == DispatchedAction(12, dispatcher: source))
        #expect(DispatchedAction("x", dispatcher: source).compactMap { Int($0) } == nil)
    }

    @Test func flatMapRunsTheReturnedIOForEveryAction() {
        let io = dispatching(1, 2).flatMap { dispatched in
            IO<String> { output in
                output.dispatch("\(dispatched.action)a", from: dispatched.dispatcher)
                output.dispatch("\(dispatched.action)b", from: dispatched.dispatcher)
            }
        }
        #expect(dispatched(by: io) == ["1a", "1b", "2a", "2b"])
    }

    @Test func flatMapOfPureIsPure() {
        #expect(IO<Int>.pure().flatMap { _ in IO<Int> { $0.dispatch(1) } }.isPure)
    }

    @Test func flatMapOfACompositionTransformsEveryPart() {
        let io = dispatching(1) <> dispatching(2) <> dispatching(3)
        let doubled = io.flatMap { dispatched in self.dispatching(dispatched.action) <> self.dispatching(0) }
        #expect(dispatched(by: doubled) == [1, 0, 2, 0, 3, 0])
    }

    @Test func effectsInsideAFlatMappedIOBelongToTheStore() async {
        let started = LockedValue(false)
        let cancelled = LockedValue(false)
        let middleware = AnyMiddleware<Int, Int, Int> { action, _, _ in
            guard action == 1 else { return .pure() }
            let effect = IO<Int>.run { _ in
                started.withLock { $0 = true }
                let (forever, continuation) = AsyncStream.makeStream(of: Never.self)
                await withTaskCancellationHandler {
                    for await _ in forever {}
                } onCancel: {
                    cancelled.withLock { $0 = true }
                    continuation.finish()
                }
            }
            return effect.flatMap { _ in .pure() }
        }
        var store: Store<Int, Int>? = Store(
            initialState: 0, reducer: Reducer { _, _ in }, middleware: middleware)
        store?.dispatch(1)
        await waitUntil { started.withLock { $0 } }
        #expect(!cancelled.withLock { $0 })
        // The effect is the store's: releasing the store cancels it.
        store = nil
        await waitUntil { cancelled.withLock { $0 } }
    }
}
