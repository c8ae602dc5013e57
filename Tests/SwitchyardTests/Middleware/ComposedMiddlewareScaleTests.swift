import Dispatch
import Switchyard
import SwitchyardTestSupport
import Testing

/// Compositions of thousands of middlewares: built one at a time in linear time, run on a small stack, and shared
/// by threads that extend them.
@Suite struct ComposedMiddlewareScaleTests {
    private typealias Composed = ComposedMiddleware<Int, Int, Int>

    /// A middleware whose IO, for the action `0`, dispatches `number`.
    private static func dispatching(_ number: Int) -> AnyMiddleware<Int, Int, Int> {
        AnyMiddleware { action, _, _ in action == 0 ? IO { output in output.dispatch(number) } : .pure() }
    }

    /// What `middleware`'s IO dispatches for one action: the numbers of its middlewares, in reverse order.
    private static func dispatched<M: MiddlewareProtocol>(by middleware: M) -> [Int]
    where M.InputActionType == Int, M.OutputActionType == Int, M.StateType == Int {
        let recorder = Recorder<Int>()
        middleware.handle(action: 0, from: .here(), state: { 0 }).run(AnyActionHandler { recorder.append($0) })
        return recorder.actions
    }

    @Test func tenThousandIOReturningMiddlewaresRunInAStoreOnASmallStack() {
        let ran = Box<[Int]>([])
        let composed = (0..<10_000).reduce(Composed()) { composed, number in
            composed <> AnyMiddleware { _, _, _ in IO { _ in ran.modify { $0.append(number) } } }
        }
        let store = Store(initialState: 0, reducer: Reducer { _, state in state += 1 }, middleware: composed)
        runOnThread { store.dispatch(0) }
        #expect(store.state == 1)
        #expect(ran.value == Array((0..<10_000).reversed()))
    }

    @Test func tenThousandIOReturningMiddlewaresComposedInHalvesRunOnASmallStack() {
        let middlewares = (0..<10_000).map(Self.dispatching)
        let composed =
            middlewares[..<5_000].reduce(Composed()) { $0 <> $1 }
            <> middlewares[5_000...].reduce(Composed()) { $0 <> $1 }
        let dispatched = Box<[Int]>([])
        runOnThread { dispatched.value = Self.dispatched(by: composed) }
        #expect(dispatched.value == Array((0..<10_000).reversed()))
    }

    @Test func fortyThousandMiddlewaresComposedOneAtATimeKeepTheirOrder() {
        let middlewares = (0..<40_000).map(Self.dispatching)
        var composed = Composed()
        for middleware in middlewares { composed = composed <> middleware }
        #expect(composed.members.count == 40_000)
        #expect(Self.dispatched(by: composed) == Array((0..<40_000).reversed()))
    }

    @Test func fortyThousandMiddlewaresComposedAndErasedOneAtATimeKeepTheirOrder() {
        let middlewares = (0..<40_000).map(Self.dispatching)
        var erased = middlewares[0].eraseToAnyMiddleware()
        for middleware in middlewares.dropFirst() { erased = (erased <> middleware).eraseToAnyMiddleware() }
        #expect((Composed() <> erased).members.count == 40_000)
        #expect(Self.dispatched(by: erased) == Array((0..<40_000).reversed()))
    }

    @Test func erasedCompositionsAreFlattenedAndErasedIdentitiesDropped() {
        let (a, b, c) = (Self.dispatching(1), Self.dispatching(2), Self.dispatching(3))
        let erasedPair = (a <> b).eraseToAnyMiddleware()
        #expect((erasedPair <> c).members.count == 3)
        #expect((c <> erasedPair).members.count == 3)
        #expect(Self.dispatched(by: c <> erasedPair) == [2, 1, 3])
        #expect((IdentityMiddleware().eraseToAnyMiddleware() <> a).members.count == 1)
        #expect((a <> Composed().eraseToAnyMiddleware()).members.count == 1)
        #expect(
            IdentityMiddleware<Int, Int, Int>().eraseToAnyMiddleware().handle(action: 0, from: .here(), state: { 0 })
                .isPure)
    }

    @Test func erasedCompositionsForwardTheSetupCallInCompositionOrder() {
        let trace = Trace()
        let a = ContextMiddleware(name: "a", trace: trace)
        let b = ContextMiddleware(name: "b", trace: trace)
        let c = ContextMiddleware(name: "c", trace: trace)
        let composed = (a <> b).eraseToAnyMiddleware() <> c
        composed.receiveContext(getState: { 0 }, output: AnyActionHandler { _ in })
        #expect(trace.entries == ["a", "b", "c"])
    }

    /// Threads that extend one shared composition each get their own: the extensions share the composition's
    /// storage, and the one that extends it in place must not be seen by the others.
    @Test(arguments: [3, 300])
    func threadsExtendingASharedCompositionEachGetTheirOwn(sharedCount: Int) {
        let shared = (0..<sharedCount).reduce(Composed()) { $0 <> Self.dispatching($1) }
        let results = Box<[Int: [Int]]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var composed = shared
            for index in 0..<50 { composed = composed <> Self.dispatching(1_000 * (thread + 1) + index) }
            let dispatched = Self.dispatched(by: composed)
            results.modify { $0[thread] = dispatched }
        }
        for thread in 0..<8 {
            let own = (0..<50).map { 1_000 * (thread + 1) + $0 }
            #expect(results.value[thread] == (Array(0..<sharedCount) + own).reversed())
        }
        #expect(Self.dispatched(by: shared) == Array((0..<sharedCount).reversed()))
    }
}

/// A middleware that writes its name to a trace when it receives the setup call.
private struct ContextMiddleware: MiddlewareProtocol {
    let name: String
    let trace: Trace

    func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<Int>) {
        trace.append(name)
    }

    func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
        .pure()
    }
}
