import Synchronization

/// Whether an observer has been cancelled; shared with deliveries that hop to another queue.
@usableFromInline
final class ObserverCancellation: Sendable {
    @usableFromInline let isCancelled = Atomic<Bool>(false)

    init() {}
}

/// One registered observer of a store's state.
@usableFromInline
final class StateObserver<State>: @unchecked Sendable {
    @usableFromInline let deliver: (State) -> Void
    @usableFromInline let cancellation: ObserverCancellation
    /// The observer receives the states of commits after this one; set under the list's lock.
    @usableFromInline @exclusivity(unchecked) var startAfter: UInt64 = .max

    init(cancellation: ObserverCancellation = ObserverCancellation(), deliver: @escaping (State) -> Void) {
        self.cancellation = cancellation
        self.deliver = deliver
    }
}

/// The observers of a store: registered from any thread, read by the processing thread from a ``SnapshotList``.
@usableFromInline
final class ObserverList<State>: Sendable {
    @usableFromInline let list = SnapshotList<StateObserver<State>>()

    @usableFromInline
    init() {}

    /// Registers `observer` so it receives every state committed after the one it is registered at; `initial`,
    /// when given, receives that state first (it must not call user code: it runs under the locks).
    ///
    /// The observer is added while no commit can happen, and the processing thread takes its snapshot of the list
    /// under the same state lock just before it reduces (``ReduxStoreBase``): so the observer is either in the
    /// snapshot of the next commit or registered after it, never in between, and misses no state.
    func add(_ observer: StateObserver<State>, storage: StateStorage<State>, initial: ((State) -> Void)? = nil) {
        storage.withCommittedState { state, commit in
            list.update { observers in
                observer.startAfter = commit
                observers.append(observer)
                initial?(state)
            }
        }
    }

    func remove(_ observer: StateObserver<State>) {
        observer.cancellation.isCancelled.store(true, ordering: .releasing)
        list.update { observers in observers.removeAll { $0 === observer } }
    }

    /// Takes the current observers for the commit about to happen (processing thread only, under the state lock).
    @inlinable
    func refresh() {
        list.refresh()
    }

    /// Whether ``refresh()`` found observers.
    @inlinable
    var isEmpty: Bool { list.isEmpty }

    /// Delivers `state` (commit number `commit`) to every observer taken by ``refresh()`` that should receive it.
    @inlinable
    func deliver(_ state: State, commit: UInt64) {
        // Unretained: no retain and release of the list or of each observer per action. The snapshot keeps them
        // alive, and it changes only at the next refresh, on this thread.
        let observers = list.unretained
        for index in observers.indices {
            observers[index]._withUnsafeGuaranteedRef { observer in
                if commit > observer.startAfter, !observer.cancellation.isCancelled.load(ordering: .acquiring) {
                    observer.deliver(state)
                }
            }
        }
    }
}
