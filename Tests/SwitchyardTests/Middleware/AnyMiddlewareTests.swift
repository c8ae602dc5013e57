import Switchyard
import Testing

@Suite struct AnyMiddlewareTests {
    /// A new-style middleware that keeps what `receiveContext` gives it.
    private final class ContextKeeper: MiddlewareProtocol, @unchecked Sendable {
        var getState: GetState<Int>?
        var output: AnyActionHandler<String>?

        func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<String>) {
            self.getState = getState
            self.output = output
        }

        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
            .pure()
        }
    }

    /// Calls `handle` and returns the stack depth the wrapped closure saw.
    private func depthSeenByHandle(_ middleware: AnyMiddleware<String, String, Int>, depths: Trace) -> String {
        _ = middleware.handle(action: "x", from: .here(), state: { 0 })
        return depths.entries.last ?? ""
    }

    @Test func closureMiddlewareHandlesWithTheGivenFunction() {
        let trace = Trace()
        let middleware = AnyMiddleware<String, String, Int> { action, source, state in
            trace.append("\(action) \(state()) \(source.info ?? "")")
            return IO { output in output.dispatch(action + "!") }
        }
        let harness = PipelineHarness(state: 5, middleware: middleware)
        harness.send("go", info: "why")
        #expect(trace.entries == ["go 5 why"])
        #expect(harness.dispatched.actions == ["go!"])
    }

    @Test func erasedMiddlewareBehavesAsTheOriginal() {
        func run(_ middleware: some MiddlewareProtocol<String, String, Int>) -> [String] {
            let harness = PipelineHarness(state: 1, reducer: Reducer { _, s in s += 1 }, middleware: middleware)
            harness.send("a")
            harness.send("b")
            return harness.dispatched.actions
        }
        let traced = TraceMiddleware<String, Int>(name: "t", trace: Trace()) { [$0, $0 + $0] }
        #expect(run(traced.eraseToAnyMiddleware()) == run(traced))
        #expect(run(traced.eraseToAnyMiddleware()) == ["a", "aa", "b", "bb"])
    }

    @Test(.enabled(if: isDebugBuild, "stack depths count wrappers only when nothing is inlined"))
    func erasingAnAnyMiddlewareDoesNotWrapItAgain() {
        let depths = Trace()
        let erased = AnyMiddleware<String, String, Int> { _, _, _ in
            depths.append("\(currentStackDepth())")
            return .pure()
        }
        let direct = depthSeenByHandle(erased, depths: depths)
        #expect(depthSeenByHandle(erased.eraseToAnyMiddleware(), depths: depths) == direct)
        #expect(depthSeenByHandle(AnyMiddleware(erased), depths: depths) == direct)
        #expect(depthSeenByHandle(AnyMiddleware(AnyMiddleware(erased)), depths: depths) == direct)
        // Control: a deliberate wrapper is seen, so equal depths above do mean "not wrapped".
        let wrapped = AnyMiddleware<String, String, Int>(handle: erased.handle(action:from:state:))
        #expect(depthSeenByHandle(wrapped, depths: depths) != direct)
    }

    @Test(.enabled(if: isDebugBuild, "stack depths count wrappers only when nothing is inlined"))
    func erasingTwiceIsErasingOnce() {
        let depths = Trace()
        let traced = AnyMiddleware<String, String, Int> { _, _, _ in
            depths.append("\(currentStackDepth())")
            return .pure()
        }
        let lifted = traced.lift(state: { (state: Int) in state })
        let once = depthSeenByHandle(lifted.eraseToAnyMiddleware(), depths: depths)
        #expect(depthSeenByHandle(lifted.eraseToAnyMiddleware().eraseToAnyMiddleware(), depths: depths) == once)
    }

    @Test func receiveContextIsForwardedToTheWrappedMiddleware() {
        let keeper = ContextKeeper()
        let recorder = Recorder<String>()
        keeper.eraseToAnyMiddleware().eraseToAnyMiddleware()
            .receiveContext(getState: { 7 }, output: AnyActionHandler { recorder.append($0) })
        #expect(keeper.getState?() == 7)
        keeper.output?.dispatch("kept")
        #expect(recorder.actions == ["kept"])
    }

    @Test func closureMiddlewareIgnoresReceiveContext() {
        let middleware = AnyMiddleware<String, String, Int> { _, _, _ in .pure() }
        middleware.receiveContext(getState: { 0 }, output: AnyActionHandler { _ in Issue.record("dispatched") })
    }

    @Test func receiveContextIsForwardedByComposition() {
        let first = ContextKeeper()
        let second = ContextKeeper()
        (first <> IdentityMiddleware() <> second.eraseToAnyMiddleware())
            .receiveContext(getState: { 3 }, output: AnyActionHandler { _ in })
        #expect(first.getState?() == 3)
        #expect(second.getState?() == 3)
    }
}
