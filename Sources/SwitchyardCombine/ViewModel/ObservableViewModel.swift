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
@MainActor
public final class ObservableViewModel<ViewAction, ViewState: Sendable>: ObservableObject {
    /// The view's state, updated on the main actor.
    @Published public private(set) var state: ViewState

    private let emitsValue: ShouldEmitValue<ViewState>
    private let dispatcher: @Sendable (DispatchedAction<ViewAction>) -> Void
    private let subscription: StoreSubscription

    /// Creates a view model of `store`, usually a projection, that publishes the states `emitsValue` lets through.
    ///
    /// - Parameters:
    ///   - store: the store or projection the view reads and dispatches to.
    ///   - emitsValue: whether a state emitted by the store replaces the one shown, given both; `.always`
    ///     by default (`.whenDifferent` for `Equatable` state).
    public convenience init<Store: StoreType<ViewAction, ViewState>>(
        store: Store,
        emitsValue: ShouldEmitValue<ViewState> = .always
    ) {
        self.init(observing: store, emitsValue: emitsValue)
    }

    /// Creates a view model of `store` that publishes each state that differs from the one shown.
    public convenience init<Store: StoreType<ViewAction, ViewState>>(
        store: Store,
        emitsValue: ShouldEmitValue<ViewState> = .whenDifferent
    ) where ViewState: Equatable {
        self.init(observing: store, emitsValue: emitsValue)
    }

    private init<Store: StoreType<ViewAction, ViewState>>(
        observing store: Store, emitsValue: ShouldEmitValue<ViewState>
    ) {
        let relay = MainActorRelay<ViewState>()
        let current: ViewState
        if let replaying = store as? any ReplayingStateProvider<ViewState> {
            (current, subscription) = replaying.subscribeReplaying(storeDidEnd: {}, observer: relay.deliver)
        } else {
            subscription = store.subscribe(relay.deliver)
            current = store.state
        }
        state = current
        self.emitsValue = emitsValue
        dispatcher = { store.dispatch($0) }
        relay.attach { [weak self] newState in self?.receive(newState) }
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
    public func dispatch(
        _ action: ViewAction,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        dispatcher(
            DispatchedAction(action, dispatcher: ActionSource(file: file, function: function, line: line, info: info))
        )
    }

    /// Dispatches `action` with an explicit source, for example to forward an action keeping its original source.
    public func dispatch(_ action: ViewAction, from dispatcher: ActionSource) {
        self.dispatcher(DispatchedAction(action, dispatcher: dispatcher))
    }

    /// Dispatches an action that already carries its source.
    public func dispatch(_ dispatchedAction: DispatchedAction<ViewAction>) {
        dispatcher(dispatchedAction)
    }

    private func receive(_ newState: ViewState) {
        guard emitsValue.shouldEmit(previous: state, new: newState) else { return }
        state = newState
    }
}
