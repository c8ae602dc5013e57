/// A view of a store in the types a view needs: view actions mapped into store actions, store state mapped into
/// view state.
///
/// ```swift
/// let counterView = store.projection(
///     action: { (viewAction: CounterView.Action) in viewAction == .tap ? AppAction.increment : nil },
///     state: { CounterView.State(title: "\($0.count)") }
/// )
/// counterView.dispatch(.tap)
/// ```
///
/// A view action that the action map does not map is dropped and, in debug builds, reported through the store's
/// diagnostics. Observers of a projection whose view state is `Equatable` are not notified when the projected state
/// did not change.
public final class StoreProjection<Action, State>: StoreProtocol, ForwardingStateProvider, Sendable {
    private let dispatcher: @Sendable (DispatchedAction<Action>) -> Void
    private let stateReader: @Sendable () -> State
    private let subscriber: @Sendable (@escaping @Sendable (State) -> Void) -> StoreSubscription
    /// Subscribes and tells the current projected state in one step, when the projected store can.
    let replayingSubscriber: ReplayingSubscriber<State>?
    /// The states of the other library's publisher the projected states come from, if they do.
    package let forwardedStates: ForwardedStates<State>?

    /// Creates a projection from its three functions: users make one with `store.projection(action:state:)`.
    package convenience init(
        dispatch: @escaping @Sendable (DispatchedAction<Action>) -> Void,
        state: @escaping @Sendable () -> State,
        subscribe: @escaping @Sendable (@escaping @Sendable (State) -> Void) -> StoreSubscription
    ) {
        self.init(dispatch: dispatch, state: state, subscribe: subscribe, replaying: nil)
    }

    package init(
        dispatch: @escaping @Sendable (DispatchedAction<Action>) -> Void,
        state: @escaping @Sendable () -> State,
        subscribe: @escaping @Sendable (@escaping @Sendable (State) -> Void) -> StoreSubscription,
        replaying: ReplayingSubscriber<State>?,
        forwarding: ForwardedStates<State>? = nil
    ) {
        self.dispatcher = dispatch
        self.stateReader = state
        self.subscriber = subscribe
        self.replayingSubscriber = replaying
        self.forwardedStates = forwarding
    }

    /// The projected state of the store's last committed state.
    public var state: State { stateReader() }

    /// Maps the view action and dispatches it to the store, keeping its source.
    public func dispatch(_ dispatchedAction: DispatchedAction<Action>) {
        dispatcher(dispatchedAction)
    }

    /// Calls `observer` with the projected state of each state the store emits.
    @preconcurrency
    public func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> StoreSubscription {
        subscriber(observer)
    }
}

extension StoreProtocol {
    /// A projection of this store for a view: `action` maps view actions (`nil`: dropped), `state` maps the state.
    @preconcurrency
    public func projection<ViewAction, ViewState>(
        action viewActionToAction: @escaping @Sendable (ViewAction) -> Action?,
        state stateToViewState: @escaping @Sendable (State) -> ViewState
    ) -> StoreProjection<ViewAction, ViewState> {
        StoreProjection(
            dispatch: dispatcher(mapping: viewActionToAction),
            state: { stateToViewState(self.state) },
            subscribe: { observer in self.subscribe { observer(stateToViewState($0)) } },
            replaying: replayingSubscriber(mapping: stateToViewState),
            forwarding: forwardedStates(of: self, as: State.self)?.map(stateToViewState)
        )
    }

    /// A projection of this store whose observers are notified only when the projected state changed.
    @preconcurrency
    public func projection<ViewAction, ViewState: Equatable & Sendable>(
        action viewActionToAction: @escaping @Sendable (ViewAction) -> Action?,
        state stateToViewState: @escaping @Sendable (State) -> ViewState
    ) -> StoreProjection<ViewAction, ViewState> {
        StoreProjection(
            dispatch: dispatcher(mapping: viewActionToAction),
            state: { stateToViewState(self.state) },
            subscribe: { observer in
                let last = LastValue(stateToViewState(self.state))
                return self.subscribe { state in
                    let viewState = stateToViewState(state)
                    if last.replace(with: viewState) { observer(viewState) }
                }
            },
            replaying: replayingSubscriber(removingDuplicatesOf: stateToViewState),
            forwarding: forwardedStates(of: self, as: State.self)?.map(stateToViewState)
        )
    }

    /// Dispatches each view action that `viewActionToAction` maps, keeping its source; reports the others.
    private func dispatcher<ViewAction>(
        mapping viewActionToAction: @escaping @Sendable (ViewAction) -> Action?
    ) -> @Sendable (DispatchedAction<ViewAction>) -> Void {
        { dispatched in
            if let mapped = dispatched.compactMapping(viewActionToAction) {
                self.dispatch(mapped)
            } else {
                self.reportUnmapped(dispatched)
            }
        }
    }

    private func reportUnmapped<ViewAction>(_ dispatched: DispatchedAction<ViewAction>) {
        #if DEBUG
            guard let store = self as? any DiagnosticsReporting else { return }
            store.report(
                StoreDiagnostic(
                    kind: .unmappedAction,
                    message: "projection dropped \(dispatched.action) from \(dispatched.dispatcher): "
                        + "its action map returned nil"
                )
            )
        #endif
    }
}

/// A store that reports misuse through its diagnostics hook.
package protocol DiagnosticsReporting {
    func report(_ diagnostic: StoreDiagnostic)
}

extension Store: DiagnosticsReporting {
    package func report(_ diagnostic: StoreDiagnostic) {
        diagnostics.report(diagnostic)
    }
}

/// The last projected value, to drop notifications where it did not change.
final class LastValue<Value: Equatable & Sendable>: Sendable {
    private let value: LockedValue<Value?>

    init(_ value: Value?) {
        self.value = LockedValue(value)
    }

    /// Stores `newValue`; `true` when it differs from the previous one (or there was none).
    func replace(with newValue: Value) -> Bool {
        value.withLock { value in
            guard newValue != value else { return false }
            value = newValue
            return true
        }
    }

    /// Stores `firstValue` unless a value is already stored.
    func seed(_ firstValue: Value) {
        value.withLock { value in
            if value == nil { value = firstValue }
        }
    }
}
