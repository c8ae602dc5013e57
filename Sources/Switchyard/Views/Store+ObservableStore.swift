extension Store {
    /// An ``ObservableStore`` of this store, for SwiftUI views: its values are `Observable`, updated on the main
    /// actor, and invalidate only the views that read them.
    ///
    /// ```swift
    /// let view = store.observable()
    /// view.dispatch(.refresh)
    /// ```
    ///
    /// The view does not keep the store alive. With ``SchedulingPolicy/mainThread`` it takes each state
    /// synchronously, in the action's pipeline; otherwise it takes the latest state through the main queue, skipping
    /// the states that a newer one superseded while the main queue was busy (the last state always arrives), and an
    /// action it sends from the main thread to an idle store updates it before `dispatch` returns.
    @MainActor @inlinable
    public func observable() -> ObservableStore<Action, State> {
        let delivery = MainActorStates<Action, State>(synchronous: scheduling == .mainThread)
        let (current, subscription) = subscribeReplaying(storeDidEnd: {}, observer: delivery.deliver)
        let view = ObservableStore<Action, State>(
            initialState: current,
            diagnostics: diagnostics,
            wholeStateChanged: ChangeDetection.wholeDetector(),
            dispatch: { [weak self, delivery] dispatched in
                guard let self else { return false }
                self.dispatch(dispatched)
                // Sent on the main thread to an idle store, the action was processed on it: its state waits in the
                // mailbox, taken now so that the view is current when `dispatch` returns.
                if !delivery.synchronous, MainThread.isCurrent {
                    MainActor.assumeIsolated { delivery.receivePending() }
                }
                return true
            }
        )
        view.keep(subscription)
        delivery.attach(to: view)
        return view
    }
}

/// Carries the states a store emits on its processing thread to an ``ObservableStore`` on the main actor:
/// synchronously for a store that processes on the main thread, through a ``MainActorMailbox`` otherwise, which keeps
/// only the latest state while the main queue is busy.
@usableFromInline
final class MainActorStates<Action, State: Sendable>: @unchecked Sendable {
    // Invariant for the unchecked `Sendable`: `view`, `pending` and `attached` are touched on the main actor only (in
    // `attach`, and in `receive`, which runs there); `synchronous` and `mailbox` are immutable, and the mailbox is
    // `Sendable`. `view` and `attached` skip the run-time exclusivity check (eighty instructions per access, on every
    // state): every access to them is an instantaneous read or assignment, on the main actor, so no two overlap.
    @usableFromInline let synchronous: Bool
    @usableFromInline let mailbox = MainActorMailbox<State>()
    @usableFromInline @exclusivity(unchecked) weak var view: ObservableStore<Action, State>?
    @usableFromInline var pending: [State] = []
    @usableFromInline @exclusivity(unchecked) var attached = false

    @usableFromInline
    init(synchronous: Bool) {
        self.synchronous = synchronous
    }

    /// Sends the states that arrived before the view existed, then every later one, to `view`.
    @usableFromInline @MainActor
    func attach(to view: ObservableStore<Action, State>) {
        self.view = view
        attached = true
        for state in pending { view.apply(state) }
        pending = []
        ObservationBatch.announce()
    }

    /// Called by the store with each state it emits.
    @inlinable @Sendable
    func deliver(_ state: State) {
        if synchronous {
            // A store with the main-thread policy runs its pipeline, which emits its states, on the main queue only
            // (where the main actor runs): it processes on the thread that dispatches only when that thread is on
            // the main queue, and hands the work to the main queue otherwise. Not asked again here, about a hundred
            // instructions per state; debug builds check it. `MainActor.assumeIsolated` would check it at a cost of
            // hundreds of instructions per state on Linux.
            // Invariant: on the main queue, where the main actor runs, a synchronous main-actor function can be
            // called as a plain one. The closure captures nothing, so converting it allocates nothing.
            assert(MainThread.isCurrent, "a store with the main-thread policy emitted a state off the main queue")
            let receive: @MainActor (MainActorStates, State) -> Void = { delivery, state in delivery.receive(state) }
            unsafeBitCast(receive, to: ((MainActorStates, State) -> Void).self)(self, state)
        } else {
            mailbox.post(state) { [self] latest in receive(latest) }
        }
    }

    /// Delivers now the state waiting for the main queue, if any.
    @usableFromInline @MainActor
    func receivePending() {
        if let latest = mailbox.takeLatest() { receive(latest) }
    }

    @inlinable @MainActor
    func receive(_ state: State) {
        if attached {
            view?.apply(state)
            ObservationBatch.announce()
        } else {
            pending.append(state)
        }
    }
}
