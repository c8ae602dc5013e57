import Switchyard

/// A type-erased ``StateProvider``: the current state and a way to observe the next ones.
///
/// ```swift
/// let provider = AnyStateProvider(store)
/// let subscription = provider.subscribe { state in render(state) }
/// ```
public struct AnyStateProvider<StateType>: StateProvider, ForwardingStateProvider {
    private let read: @Sendable () -> StateType
    private let subscriber: @Sendable (@escaping @Sendable (StateType) -> Void) -> StoreSubscription
    /// The states of the other library's publisher this provider was made from, if it was.
    package let forwardedStates: ForwardedStates<StateType>?

    /// Erases `provider`.
    public init<P: StateProvider>(_ provider: P) where P.StateType == StateType {
        if let erased = provider as? AnyStateProvider {
            self = erased
            return
        }
        self.init(
            state: { provider.state }, subscribe: { provider.subscribe($0) },
            forwarding: Switchyard.forwardedStates(of: provider, as: StateType.self))
    }

    /// Creates a provider from its two functions: the current state, and the subscription to the next ones.
    @preconcurrency
    public init(
        state: @escaping @Sendable () -> StateType,
        subscribe: @escaping @Sendable (@escaping @Sendable (StateType) -> Void) -> StoreSubscription
    ) {
        self.init(state: state, subscribe: subscribe, forwarding: nil)
    }

    /// A provider from its two functions that forwards `forwarding`'s states to the compatibility products.
    package init(
        state: @escaping @Sendable () -> StateType,
        subscribe: @escaping @Sendable (@escaping @Sendable (StateType) -> Void) -> StoreSubscription,
        forwarding: ForwardedStates<StateType>?
    ) {
        self.read = state
        self.subscriber = subscribe
        self.forwardedStates = forwarding
    }

    /// The current state.
    public var state: StateType { read() }

    /// Calls `observer` with each state the provider emits after this call.
    @preconcurrency
    public func subscribe(_ observer: @escaping @Sendable (StateType) -> Void) -> StoreSubscription {
        subscriber(observer)
    }

    /// A provider of `transform` applied to each state.
    @preconcurrency
    public func map<NewStateType>(
        _ transform: @escaping @Sendable (StateType) -> NewStateType
    ) -> AnyStateProvider<NewStateType> {
        AnyStateProvider<NewStateType>(
            state: { transform(read()) },
            subscribe: { observer in subscriber { observer(transform($0)) } },
            forwarding: forwardedStates?.map(transform)
        )
    }
}

extension StateProvider {
    /// This provider, type-erased.
    public func eraseToAnyStateProvider() -> AnyStateProvider<StateType> {
        AnyStateProvider(self)
    }

    /// A provider of `transform` applied to each state of this one.
    ///
    /// ```swift
    /// let count = store.map { $0.count }
    /// let subscription = count.subscribe { print($0) }
    /// ```
    @preconcurrency
    public func map<NewStateType>(
        _ transform: @escaping @Sendable (StateType) -> NewStateType
    ) -> AnyStateProvider<NewStateType> {
        eraseToAnyStateProvider().map(transform)
    }
}

extension StoreProjection {
    /// Creates a projection from where its actions go and where its state comes from, as SwiftRex builds one.
    ///
    /// ```swift
    /// let projection = StoreProjection<CounterAction, Int>(
    ///     action: { appStore.dispatch($0.map(AppAction.counter)) },
    ///     state: appStore.eraseToAnyStateProvider().map(\.count)
    /// )
    /// ```
    @preconcurrency
    public convenience init(
        action dispatch: @escaping @Sendable (DispatchedAction<Action>) -> Void,
        state: AnyStateProvider<State>
    ) {
        self.init(
            dispatch: dispatch, state: { state.state }, subscribe: { state.subscribe($0) }, replaying: nil,
            forwarding: state.forwardedStates)
    }
}
