import Foundation
import Switchyard
import Testing

/// A freed store is freed, seen at the level of the pipeline pieces: a middleware that keeps its `getState` and `output` does not keep the
/// pipeline that owns it alive, and its kept handlers are harmless once that pipeline is gone.
@Suite struct PipelineLifetimeTests {
    private struct Global: Equatable, Sendable {
        var count: Int
    }

    private enum GlobalAction: Equatable, Sendable {
        case local(String)
        case other

        var local: String? {
            guard case let .local(value) = self else { return nil }
            return value
        }
    }

    /// A middleware that keeps everything it is given: the context from `receiveContext`, the `state` of `handle`
    /// and the `output` of its IO.
    private final class KeepingMiddleware: MiddlewareProtocol, @unchecked Sendable {
        var contextGetState: GetState<Int>?
        var contextOutput: AnyActionHandler<String>?
        var handleGetState: GetState<Int>?
        var ioOutput: AnyActionHandler<String>?

        func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<String>) {
            contextGetState = getState
            contextOutput = output
        }

        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
            handleGetState = state
            return IO { [self] output in
                ioOutput = output
                output.dispatch(action + "!")
            }
        }
    }

    /// A pipeline owner, as a store will be: it builds `getState` and `output` with `[weak self]`.
    private final class Container: @unchecked Sendable {
        private let box = StateBox(Global(count: 0))
        private let received: Recorder<GlobalAction>
        private var middleware = ComposedMiddleware<GlobalAction, GlobalAction, Global>()

        init(keeper: KeepingMiddleware, received: Recorder<GlobalAction>) {
            self.received = received
            let lifted = keeper.lift(
                inputAction: \GlobalAction.local, outputAction: GlobalAction.local, state: \Global.count)
            middleware = lifted.eraseToAnyMiddleware() <> IdentityMiddleware() <> lifted
            middleware.receiveContext(getState: getState, output: output)
        }

        var getState: GetState<Global> {
            { [weak self] in self?.box.value ?? Global(count: -1) }
        }

        var output: AnyActionHandler<GlobalAction> {
            AnyActionHandler { [weak self] dispatched in self?.received.append(dispatched) }
        }

        func send(_ action: GlobalAction) {
            let io = middleware.handle(action: action, from: .here(), state: getState)
            box.mutate { $0.count += 1 }
            io.run(output)
        }
    }

    /// Builds a container, sends an action through it, and returns a weak reference once the last strong one is gone.
    private func usedAndDroppedContainer(
        keeper: KeepingMiddleware, received: Recorder<GlobalAction>
    ) -> () -> Container? {
        let container = Container(keeper: keeper, received: received)
        container.send(.local("a"))
        weak let weakContainer = container
        return { weakContainer }
    }

    @Test func keptContextAndOutputDoNotKeepTheContainerAlive() {
        let keeper = KeepingMiddleware()
        let received = Recorder<GlobalAction>()
        let container = usedAndDroppedContainer(keeper: keeper, received: received)
        #expect(container() == nil)
        #expect(received.actions == [.local("a!"), .local("a!")])
        #expect(keeper.contextOutput != nil && keeper.ioOutput != nil)
        #expect(keeper.contextGetState != nil && keeper.handleGetState != nil)
    }

    @Test func keptOutputsDoNothingOnceTheContainerIsGone() {
        let keeper = KeepingMiddleware()
        let received = Recorder<GlobalAction>()
        let container = usedAndDroppedContainer(keeper: keeper, received: received)
        #expect(container() == nil)
        keeper.contextOutput?.dispatch("late")
        keeper.ioOutput?.dispatch("later")
        #expect(received.actions == [.local("a!"), .local("a!")])
    }

    @Test func keptGetStatesReturnTheContainersFallbackOnceItIsGone() {
        let keeper = KeepingMiddleware()
        let container = usedAndDroppedContainer(keeper: keeper, received: Recorder())
        #expect(container() == nil)
        #expect(keeper.contextGetState?() == -1)
        #expect(keeper.handleGetState?() == -1)
    }

    @Test func keptHandlersWorkWhileTheContainerIsAlive() {
        let keeper = KeepingMiddleware()
        let received = Recorder<GlobalAction>()
        let container = Container(keeper: keeper, received: received)
        container.send(.local("b"))
        container.send(.other)
        #expect(keeper.contextGetState?() == 2)
        keeper.contextOutput?.dispatch("c")
        keeper.ioOutput?.dispatch("d")
        #expect(received.actions == [.local("b!"), .local("b!"), .local("c"), .local("d")])
        withExtendedLifetime(container) {}
    }

    @Test func harnessIsFreedEvenWhenAnOldStyleMiddlewareKeepsItsContext() {
        let old: OldStyle<String, Int> = legacyAPI.oldStyleMiddleware(name: "old", trace: Trace()) { $0 }
        weak var weakHarness: PipelineHarness<AnyMiddleware<String, String, Int>>?
        do {
            let harness = PipelineHarness(state: 0, middleware: old.middleware)
            harness.send("x")
            weakHarness = harness
        }
        #expect(weakHarness == nil)
        old.output()?.dispatch("after")
        #expect(old.getState()?() == 0)
    }
}
