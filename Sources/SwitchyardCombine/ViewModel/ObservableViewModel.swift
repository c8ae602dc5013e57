import Switchyard

/// A view's store for SwiftUI and UIKit views driven by Combine: an `ObservableObject` whose ``state`` is
/// `@Published` on the main actor, and that dispatches the view's actions to the store.
///
/// ```swift
/// struct CounterView: View {
///     @ObservedObject var viewModel: ObservableViewModel<CounterAction, CounterState>
///
///     var body: some View {
///         Button("\(viewModel.state.count)") { viewModel.dispatch(.increment) }
///     }
/// }
///
/// let viewModel = store
///     .projection(action: AppAction.counter, state: \.counter)
///     .asObservableViewModel()
/// ```
///
/// The view model starts with the store's current state and then takes the states the store emits. It updates
/// ``state`` on the main actor: synchronously, in the store's pipeline, with each state, when the store processes
/// on the main thread (always with `SchedulingPolicy.mainThread`, so `withAnimation { viewModel.dispatch(...) }`
/// animates). Otherwise it takes the latest state through the main queue: the states that a newer one superseded
/// while the main queue was busy are skipped, the last state always arrives, and an older state never replaces a
/// newer one. `objectWillChange` fires once for each state taken that its `ShouldEmitValue` policy lets through: by
/// default, for `Equatable` state, each state that differs from the one shown.
///
/// The view model keeps its store alive; releasing the view model unregisters it from the store.
///
/// The view model is itself a ``StoreProtocol`` of its view's actions and state: a function that takes a store takes it,
/// and its projections and `statePublisher` see the states it shows, on the main thread. ``state`` can be read from
/// any thread. Subclasses can add to it, for example `@Published` properties of their own or an override of
/// of `dispatch(_ dispatchedAction:)`, which every form of `dispatch` goes through.
// Why a conformance that is not isolated, with `state` read under a lock: the store protocols are `Sendable`, and an
// isolated conformance (`extension ObservableViewModel: @MainActor StoreProtocol`) to a protocol that inherits `Sendable`
// does not compile ("cannot form main actor-isolated conformance ... to SendableMetatype-inheriting protocol"). It
// could not be used where SwiftRex code needs it anyway: `AnyStoreType(viewModel)`, a projection of the view model or
// its `statePublisher` read the state and subscribe from other threads. So `state`, `subscribe(_:)` and the `dispatch`
// methods are `nonisolated`, which Swift 5 and Swift 6 code call from anywhere: `dispatch` calls the store's, which is
// thread-safe; `state` reads the copy that the main actor commits under the lock of `ShownStates`, which costs an
// uncontended lock per read and keeps every write on the main actor, in the pipeline as before. `$state` stays the
// `@Published` publisher: the main actor sets the `@Published` copy first, so `objectWillChange` and `$state` fire as
// they did, before `state` changes.
@MainActor
open class ObservableViewModel<Action, State: Sendable>: ObservableObject, StoreProtocol {
    /// The view's action type.
    public typealias ActionType = Action
    /// The view's state type.
    public typealias StateType = State

    /// The view's state, updated on the main actor and readable from any thread; `$state` publishes it on the main
    /// actor, each new state as it is about to replace the one shown.
    @ShownState public nonisolated var state: State

    /// The copy that fires `objectWillChange` and whose publisher is `$state`.
    @Published private var shown: State
    /// The states shown, the policy, the store's dispatch and the subscription to it.
    private nonisolated let link: Link<Action, State>

    /// Creates a view model of `store`, usually a projection, that publishes the states `emitsValue` lets through.
    ///
    /// - Parameters:
    ///   - store: the store or projection the view reads and dispatches to.
    ///   - emitsValue: whether a state emitted by the store replaces the one shown, given both; `.always`
    ///     by default (`.whenDifferent` for `Equatable` state).
    public init<Store: StoreProtocol<Action, State>>(
        store: Store,
        emitsValue: ShouldEmitValue<State> = .always
    ) {
        let observed = Observed(store, emitsValue: emitsValue)
        (_state, _shown, link) = (
            ShownState(observed.link.states), Published(initialValue: observed.current), observed.link
        )
        connect(observed.relay)
    }

    /// The SwiftRex spelling, which a subclass's `super.init` may keep: the view model starts from the store's
    /// current state, so `initialState` is ignored.
    @available(*, deprecated, message: "The view model starts from the store's current state: drop initialState")
    public init<Store: StoreProtocol<Action, State>>(
        initialState: State,
        store: Store,
        emitsValue: ShouldEmitValue<State>
    ) {
        let observed = Observed(store, emitsValue: emitsValue)
        (_state, _shown, link) = (
            ShownState(observed.link.states), Published(initialValue: observed.current), observed.link
        )
        connect(observed.relay)
    }

    /// The SwiftRex spelling for `Equatable` state, which a subclass's `super.init` may keep: the view model starts
    /// from the store's current state, so `initialState` is ignored, and publishes each state that differs from the
    /// one shown.
    @available(*, deprecated, message: "The view model starts from the store's current state: drop initialState")
    public init<Store: StoreProtocol<Action, State>>(
        initialState: State,
        store: Store
    ) where State: Equatable {
        let observed = Observed(store, emitsValue: .whenDifferent)
        (_state, _shown, link) = (
            ShownState(observed.link.states), Published(initialValue: observed.current), observed.link
        )
        connect(observed.relay)
    }

    /// Creates a view model of `store` that publishes each state that differs from the one shown.
    public init<Store: StoreProtocol<Action, State>>(
        store: Store,
        emitsValue: ShouldEmitValue<State> = .whenDifferent
    ) where State: Equatable {
        let observed = Observed(store, emitsValue: emitsValue)
        (_state, _shown, link) = (
            ShownState(observed.link.states), Published(initialValue: observed.current), observed.link
        )
        connect(observed.relay)
    }

    deinit {
        // The projections and publishers of this view model end with it.
        link.states.end()
    }

    /// Dispatches `action` to the store, recording the caller's file, function and line as its source.
    ///
    /// ```swift
    /// Button("Add") { viewModel.dispatch(.add) }
    /// ```
    ///
    /// - Parameters:
    ///   - action: the view's action.
    ///   - file: the caller's file; leave the default.
    ///   - function: the caller's function; leave the default.
    ///   - line: the caller's line; leave the default.
    ///   - info: optional extra information for debugging and logs.
    public nonisolated func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        dispatch(
            DispatchedAction(action, dispatcher: ActionSource(file: file, function: function, line: line, info: info))
        )
    }

    /// Dispatches `action` with an explicit source, for example to forward an action keeping its original source.
    public nonisolated func dispatch(_ action: Action, from dispatcher: ActionSource) {
        dispatch(DispatchedAction(action, dispatcher: dispatcher))
    }

    /// Dispatches an action that already carries its source to the store; the other forms of `dispatch` go through
    /// this one, which a subclass can override. Callable from any thread.
    open nonisolated func dispatch(_ dispatchedAction: DispatchedAction<Action>) {
        link.dispatcher(dispatchedAction)
    }

    /// Calls `observer` on the main thread with each state that the view model shows after this call, once it shows
    /// it; callable from any thread.
    @preconcurrency
    public nonisolated func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> StoreSubscription {
        link.states.subscribe(ended: nil, observer).subscription
    }

    /// The view model's states as a Combine publisher: the state shown when a subscriber arrives, then each state it
    /// shows, on the main thread; it finishes when the view model is freed.
    ///
    /// ```swift
    /// viewModel.statePublisher
    ///     .map(\.title)
    ///     .sink { title in print(title) }
    ///     .store(in: &cancellables)
    /// ```
    public nonisolated var statePublisher: StorePublisher<State> {
        StorePublisher(self)
    }

    private func connect(_ relay: MainActorRelay<State>) {
        link.states.publisher = $shown
        relay.attach { [weak self] newState in self?.receive(newState) }
    }

    private func receive(_ newState: State) {
        guard link.emitsValue.shouldEmit(previous: shown, new: newState) else { return }
        // `objectWillChange` and `$state` first, then the state others read, as with a `@Published` state.
        shown = newState
        link.states.commit(newState)
    }
}

extension ObservableViewModel: ReplayingStateProvider {
    /// Registers `observer` and tells the state shown, in one step.
    package nonisolated func subscribeReplaying(
        storeDidEnd: @escaping @Sendable () -> Void,
        observer: @escaping @Sendable (State) -> Void
    ) -> (current: State, subscription: StoreSubscription) {
        link.states.subscribe(ended: storeDidEnd, observer)
    }
}

/// What a view model takes from its store when it is made: the state to start from, its subscription, and where
/// actions go.
/// What a view model keeps of its store: the states it shows, its policy, the store's dispatch and the subscription.
private struct Link<Action, State: Sendable>: Sendable {
    let states: ShownStates<State>
    let emitsValue: ShouldEmitValue<State>
    let dispatcher: @Sendable (DispatchedAction<Action>) -> Void
    let subscription: StoreSubscription
}

@MainActor
private struct Observed<Action, State: Sendable> {
    let relay = MainActorRelay<State>()
    let current: State
    let link: Link<Action, State>

    init<Store: StoreProtocol<Action, State>>(_ store: Store, emitsValue: ShouldEmitValue<State>) {
        let subscription: StoreSubscription
        if let replaying = store as? any ReplayingStateProvider<State> {
            (current, subscription) = replaying.subscribeReplaying(storeDidEnd: {}, observer: relay.deliver)
        } else {
            subscription = store.subscribe(relay.deliver)
            current = store.state
        }
        link = Link(
            states: ShownStates(current), emitsValue: emitsValue, dispatcher: { store.dispatch($0) },
            subscription: subscription)
    }
}
