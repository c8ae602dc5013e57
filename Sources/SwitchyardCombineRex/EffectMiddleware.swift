import Switchyard

/// An ``EffectMiddleware`` whose output actions are its input actions.
public typealias SymmetricalEffectMiddleware<Action, State, Dependencies> = EffectMiddleware<
    Action, Action, State, Dependencies
>

/// An ``EffectMiddleware`` without dependencies whose output actions are its input actions.
public typealias SimpleEffectMiddleware<Action, State> = EffectMiddleware<Action, Action, State, Void>

/// A middleware that answers each action with an ``Effect``, a publisher of actions, as CombineRex's
/// `EffectMiddleware`: the effect starts when the store runs the middleware's IO (after the reducer), and every
/// action it publishes is dispatched with the source it carries.
///
/// ```swift
/// let timer = EffectMiddleware<AppAction, AppAction, AppState, Void>.onAction { action, _, _ in
///     switch action {
///     case .start: return Timer.publish(every: 1, on: .main, in: .common).autoconnect()
///         .map { _ in AppAction.tick }.asEffect(token: "timer")
///     case .stop: return .toCancel("timer")
///     default: return .doNothing
///     }
/// }
/// ```
///
/// An effect with a token replaces, and cancels, the effect still running under the same token; ``Effect/toCancel(_:)``
/// cancels it. The middleware keeps each running effect until it completes or is cancelled, and cancels those still
/// running when it is freed. Its bookkeeping is guarded by a lock: the store may run its IOs on any thread, and
/// effects may complete on any thread. The closures it is given run on the thread that runs the IO.
public final class EffectMiddleware<InputActionType, OutputActionType, StateType, Dependencies>: MiddlewareProtocol,
    @unchecked Sendable
{
    /// What the middleware does with an action: the effect it answers with, or (a composition, a lift) an IO.
    private enum Handler {
        case effect(
            (InputActionType, ActionSource, @escaping GetState<StateType>) -> Effect<Dependencies, OutputActionType>)
        case io((InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>)
    }

    private let handler: Handler
    private let running = LockedValue(RunningEffects())
    /// What the effects are made with.
    let dependencies: Dependencies

    init(
        dependencies: Dependencies,
        onAction:
            @escaping (InputActionType, ActionSource, @escaping GetState<StateType>) -> Effect<
                Dependencies, OutputActionType
            >
    ) {
        self.dependencies = dependencies
        self.handler = .effect(onAction)
    }

    init(
        dependencies: Dependencies,
        actionHandler: @escaping (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>
    ) {
        self.dependencies = dependencies
        self.handler = .io(actionHandler)
    }

    deinit {
        let effects = running.withLock { state in state.removeAll() }
        for effect in effects { effect.cancel() }
    }

    /// Returns the IO that makes the effect for `action` and starts it.
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        switch handler {
        case .io(let actionHandler):
            return actionHandler(action, dispatcher, state)
        case .effect(let onAction):
            return IO { [weak self] output in
                guard let self else { return }
                self.start(onAction(action, dispatcher, state), output: output)
            }
        }
    }

    /// Starts `effect`, which dispatches through `output`.
    private func start(_ effect: Effect<Dependencies, OutputActionType>, output: AnyActionHandler<OutputActionType>) {
        guard effect.doesSomething else { return }
        let toCancel: Effect<Dependencies, OutputActionType>.ToCancel = { [weak self] token in
            FireAndForget { self?.cancel(token) }
        }
        guard let publisher = effect.run((dependencies: dependencies, toCancel: toCancel)) else { return }
        let token = effect.token
        let (id, replaced) = running.withLock { state in state.begin(token: token) }
        // Released after unlocking: cancelling runs the publisher's code.
        replaced?.cancel()
        let subscription =
            publisher
            .handleEvents(
                receiveCompletion: { [weak self] _ in self?.finish(id, token: token) },
                receiveCancel: { [weak self] in self?.finish(id, token: token) }
            )
            .sink { output.dispatch($0) }
        let kept = running.withLock { state in state.keep(subscription, id: id, token: token) }
        // Finished while subscribing, or replaced meanwhile: let go of it (cancelling a finished one does nothing).
        if !kept { subscription.cancel() }
    }

    /// Forgets the effect `id` once it completed or was cancelled.
    private func finish(_ id: UInt64, token: AnyHashable?) {
        let subscription = running.withLock { state in state.finish(id, token: token) }
        withExtendedLifetime(subscription) {}
    }

    /// Cancels the effect running under `token`.
    private func cancel(_ token: AnyHashable) {
        let subscription = running.withLock { state in state.cancel(token: token) }
        subscription?.cancel()
    }

    /// How many effects run now, for tests.
    var runningCount: Int { running.withLock { $0.count } }

    /// The subscriptions of the effects running under a token, by token, as CombineRex's tests read them.
    var cancellables: [AnyHashable: AnyCancellable] { running.withLock { $0.tokened } }
}

extension EffectMiddleware {
    /// A middleware that needs `Dependencies`: `onAction` answers each action with an effect, made with the
    /// dependencies that `inject` gives.
    public static func onAction(
        do onAction:
            @escaping (InputActionType, ActionSource, @escaping GetState<StateType>) -> Effect<
                Dependencies, OutputActionType
            >
    ) -> MiddlewareReader<Dependencies, EffectMiddleware> {
        MiddlewareReader { dependencies in EffectMiddleware(dependencies: dependencies, onAction: onAction) }
    }
}

extension EffectMiddleware where Dependencies == Void {
    /// A middleware without dependencies: `onAction` answers each action with an effect.
    public static func onAction(
        do onAction:
            @escaping (InputActionType, ActionSource, @escaping GetState<StateType>) -> Effect<
                Dependencies, OutputActionType
            >
    ) -> EffectMiddleware {
        EffectMiddleware(dependencies: (), onAction: onAction)
    }
}

extension EffectMiddleware: Semigroup {
    /// Both middlewares, `lhs` first; the result has `lhs`'s dependencies.
    public static func <> (lhs: EffectMiddleware, rhs: EffectMiddleware) -> EffectMiddleware {
        EffectMiddleware(dependencies: lhs.dependencies) { action, dispatcher, state in
            lhs.handle(action: action, from: dispatcher, state: state)
                <> rhs.handle(action: action, from: dispatcher, state: state)
        }
    }
}

extension EffectMiddleware: Monoid where Dependencies == Void {
    /// The middleware that does nothing.
    public static var identity: EffectMiddleware { .onAction { _, _, _ in .doNothing } }
}
