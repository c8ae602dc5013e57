/// What an ``EffectMiddleware`` does for an action: a publisher of the actions it dispatches, made when the
/// middleware runs its IO, optionally under a cancellation token, as CombineRex's `Effect`.
///
/// ```swift
/// let middleware = EffectMiddleware<AppAction, AppAction, AppState, Void>.onAction { action, _, _ in
///     guard case .search(let query) = action else { return .doNothing }
///     return search(query).map { AppAction.results($0) }.asEffect(token: "search")
/// }
/// ```
///
/// An effect with a token replaces the effect running under the same token, which is cancelled; ``toCancel(_:)``
/// cancels it without starting another.
public struct Effect<Dependencies, OutputAction> {
    /// Cancels the effect running under a token, when the publisher it returns is subscribed to.
    public typealias ToCancel = (AnyHashable) -> FireAndForget<DispatchedAction<OutputAction>>
    /// What the effect is made from: the middleware's dependencies, and the way to cancel an effect by its token.
    public typealias Context = (dependencies: Dependencies, toCancel: ToCancel)

    private let make: ((Context) -> AnyPublisher<DispatchedAction<OutputAction>, Never>)?
    /// The token under which the effect runs; `nil` when it cannot be cancelled by token.
    public let token: AnyHashable?

    /// Whether there is anything to run (`false` for ``doNothing``).
    public var doesSomething: Bool { make != nil }

    /// An effect under `token`, whose publisher `effect` makes from the context.
    public init<H: Hashable, P: Publisher>(token: H, effect: @escaping (Context) -> P)
    where P.Output == DispatchedAction<OutputAction>, P.Failure == Never {
        self.token = AnyHashable(token)
        self.make = { effect($0).eraseToAnyPublisher() }
    }

    /// An effect without a token, whose publisher `effect` makes from the context.
    public init<P: Publisher>(effect: @escaping (Context) -> P)
    where P.Output == DispatchedAction<OutputAction>, P.Failure == Never {
        self.token = nil
        self.make = { effect($0).eraseToAnyPublisher() }
    }

    fileprivate init(
        token: AnyHashable?,
        make: ((Context) -> AnyPublisher<DispatchedAction<OutputAction>, Never>)?
    ) {
        self.token = token
        self.make = make
    }

    /// The effect that does nothing.
    public static var doNothing: Effect { Effect(token: nil, make: nil) }

    /// Makes the effect's publisher from `context`; `nil` for ``doNothing``.
    public func run(_ context: Context) -> AnyPublisher<DispatchedAction<OutputAction>, Never>? {
        make?(context)
    }

    /// The same effect, its actions mapped by `transform` (their sources kept).
    public func map<NewOutputAction>(
        _ transform: @escaping (OutputAction) -> NewOutputAction
    ) -> Effect<Dependencies, NewOutputAction> {
        guard let make else { return .doNothing }
        // The token as it is: `nil` stays no token (the public initializers would wrap it as a value).
        return Effect<Dependencies, NewOutputAction>(
            token: token,
            make: { context in
                let original: Context = (
                    dependencies: context.dependencies,
                    toCancel: { token in FireAndForget(context.toCancel(token)) }
                )
                return make(original)
                    .map { DispatchedAction(transform($0.action), dispatcher: $0.dispatcher) }
                    .eraseToAnyPublisher()
            })
    }
}

extension Effect where Dependencies == Void {
    /// An effect under `token` that runs `effect`.
    public init<H: Hashable, P: Publisher>(token: H, effect: P)
    where P.Output == DispatchedAction<OutputAction>, P.Failure == Never {
        self.init(token: token) { _ in effect }
    }

    /// An effect without a token that runs `effect`.
    public init<P: Publisher>(_ effect: P) where P.Output == DispatchedAction<OutputAction>, P.Failure == Never {
        self.init(effect: { _ in effect })
    }

    /// The same effect for a middleware with dependencies, which it does not use.
    public func ignoringDependencies<T>() -> Effect<T, OutputAction> {
        guard let make else { return .doNothing }
        return Effect<T, OutputAction>(
            token: token,
            make: { context in
                make((dependencies: (), toCancel: context.toCancel))
            })
    }
}

extension Effect {
    /// Runs the publisher that `upstream` makes, ignoring its values.
    public static func fireAndForget<P: Publisher>(_ upstream: @escaping (Context) -> P) -> Effect
    where P.Failure == Never {
        Effect { context in FireAndForget(upstream(context)) }
    }

    /// Runs the publisher that `upstream` makes, ignoring its values; when it fails, dispatches what `catchErrors`
    /// returns for the error.
    public static func fireAndForget<P: Publisher>(
        _ upstream: @escaping (Context) -> P,
        catchErrors: @escaping (P.Failure) -> DispatchedAction<OutputAction>?
    ) -> Effect {
        Effect { context in FireAndForget(upstream(context), catchErrors: catchErrors) }
    }

    /// Runs `operation` with the context, and dispatches nothing.
    public static func fireAndForget(_ operation: @escaping (Context) -> Void) -> Effect {
        Effect { context in FireAndForget { operation(context) } }
    }

    /// Dispatches the action that `upstream` makes from the context.
    public static func just(_ upstream: @escaping (Context) -> OutputAction) -> Effect {
        Effect { context in Just(DispatchedAction(upstream(context))) }
    }

    /// Dispatches `value` with the source `dispatcher`.
    public static func just(_ value: OutputAction, from dispatcher: ActionSource) -> Effect {
        Effect { _ in Just(DispatchedAction(value, dispatcher: dispatcher)) }
    }

    /// Dispatches `value`, its source the caller's place.
    public static func just(
        _ value: OutputAction,
        file: String = #file,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> Effect {
        just(value, from: ActionSource(file: file, function: function, line: line, info: info))
    }

    /// Dispatches `values`, in order, with the source `dispatcher`.
    public static func sequence(_ values: OutputAction..., from dispatcher: ActionSource) -> Effect {
        sequence(values, from: dispatcher)
    }

    /// Dispatches `values`, in order, their source the caller's place.
    public static func sequence(
        _ values: OutputAction...,
        file: String = #file,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> Effect {
        sequence(values, from: ActionSource(file: file, function: function, line: line, info: info))
    }

    /// Dispatches `values`, in order, with the source `dispatcher`.
    public static func sequence(_ values: [OutputAction], from dispatcher: ActionSource) -> Effect {
        Effect { _ in values.publisher.map { DispatchedAction($0, dispatcher: dispatcher) } }
    }

    /// Dispatches `values`, in order, their source the caller's place.
    public static func sequence(
        _ values: [OutputAction],
        file: String = #file,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> Effect {
        sequence(values, from: ActionSource(file: file, function: function, line: line, info: info))
    }

    /// Runs `perform`, which calls its completion once with the action to dispatch, under `token`.
    public static func promise<H: Hashable>(
        token: H,
        from dispatcher: ActionSource,
        perform: @escaping (Context, @escaping (OutputAction) -> Void) -> Void
    ) -> Effect {
        Effect(token: token) { context in
            Deferred {
                Future<DispatchedAction<OutputAction>, Never> { completion in
                    perform(context) { action in completion(.success(DispatchedAction(action, dispatcher: dispatcher)))
                    }
                }
            }
        }
    }

    /// Runs `perform`, which calls its completion once with the action to dispatch, under `token`; the action's
    /// source is the caller's place.
    public static func promise<H: Hashable>(
        token: H,
        file: String = #file,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil,
        perform: @escaping (Context, @escaping (OutputAction) -> Void) -> Void
    ) -> Effect {
        promise(
            token: token, from: ActionSource(file: file, function: function, line: line, info: info), perform: perform)
    }

    /// Cancels the effect running under `token`, if any, and dispatches nothing.
    public static func toCancel<H: Hashable>(_ token: H) -> Effect {
        Effect { context in context.toCancel(AnyHashable(token)) }
    }
}

extension Effect where Dependencies == Void {
    /// Runs `upstream`, ignoring its values.
    public static func fireAndForget<P: Publisher>(_ upstream: P) -> Effect where P.Failure == Never {
        Effect { _ in FireAndForget(upstream) }
    }

    /// Runs `upstream`, ignoring its values; when it fails, dispatches what `catchErrors` returns for the error.
    public static func fireAndForget<P: Publisher>(
        _ upstream: P,
        catchErrors: @escaping (P.Failure) -> DispatchedAction<OutputAction>?
    ) -> Effect {
        Effect { _ in FireAndForget(upstream, catchErrors: catchErrors) }
    }

    /// Runs `operation`, and dispatches nothing.
    public static func fireAndForget(_ operation: @escaping () -> Void) -> Effect {
        Effect { _ in FireAndForget(operation) }
    }
}

extension Publisher where Failure == Never {
    /// This publisher as an effect under `token`, each value dispatched with the source `dispatcher`.
    public func asEffect<H: Hashable>(token: H, dispatcher: ActionSource) -> Effect<Void, Output> {
        Effect(token: token) { _ in self.map { DispatchedAction($0, dispatcher: dispatcher) } }
    }

    /// This publisher as an effect under `token`, each value dispatched with the caller's place as its source.
    public func asEffect<H: Hashable>(
        token: H,
        file: String = #file,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> Effect<Void, Output> {
        asEffect(token: token, dispatcher: ActionSource(file: file, function: function, line: line, info: info))
    }

    /// This publisher as an effect without a token, each value dispatched with the source `dispatcher`.
    public func asEffect(dispatcher: ActionSource) -> Effect<Void, Output> {
        Effect(effect: { _ in self.map { DispatchedAction($0, dispatcher: dispatcher) } })
    }

    /// This publisher as an effect without a token, each value dispatched with the caller's place as its source.
    public func asEffect(
        file: String = #file,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> Effect<Void, Output> {
        asEffect(dispatcher: ActionSource(file: file, function: function, line: line, info: info))
    }
}
