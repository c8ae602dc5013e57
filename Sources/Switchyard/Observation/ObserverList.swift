import Dispatch
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

/// The observers of a store: registered from any thread, read by the processing thread from a cached snapshot that
/// is refreshed only when the list changed (one atomic load per action otherwise).
@usableFromInline
final class ObserverList<State>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline let version = Atomic<UInt64>(0)
    private var observers: [ObjectIdentifier: StateObserver<State>] = [:]
    // Processing thread only:
    @usableFromInline @exclusivity(unchecked) var cachedVersion: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var cached: [StateObserver<State>] = []
    /// `cached.isEmpty`, kept apart so that the check per action touches no array.
    @usableFromInline @exclusivity(unchecked) var cachedIsEmpty = true

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
            lock.lock()
            observers[ObjectIdentifier(observer)] = observer
            observer.startAfter = commit
            version.add(1, ordering: .releasing)
            initial?(state)
            lock.unlock()
        }
    }

    func remove(_ observer: StateObserver<State>) {
        observer.cancellation.isCancelled.store(true, ordering: .releasing)
        lock.lock()
        if observers.removeValue(forKey: ObjectIdentifier(observer)) != nil {
            version.add(1, ordering: .releasing)
        }
        lock.unlock()
    }

    /// Takes the current observers for the commit about to happen (processing thread only, under the state lock):
    /// one atomic load when nothing changed.
    @inlinable
    func refresh() {
        if version.load(ordering: .acquiring) != cachedVersion { refreshFromList() }
    }

    @usableFromInline
    func refreshFromList() {
        lock.lock()
        cached = Array(observers.values)
        cachedIsEmpty = cached.isEmpty
        cachedVersion = version.load(ordering: .relaxed)
        lock.unlock()
    }

    /// Whether ``refresh()`` found observers.
    @inlinable
    var isEmpty: Bool { cachedIsEmpty }

    /// Delivers `state` (commit number `commit`) to every observer taken by ``refresh()`` that should receive it.
    @inlinable
    func deliver(_ state: State, commit: UInt64) {
        // Borrowed from the buffer: no retain and release of each observer per action.
        cached.withUnsafeBufferPointer { observers in
            for index in observers.indices where commit > observers[index].startAfter {
                if !observers[index].cancellation.isCancelled.load(ordering: .acquiring) {
                    observers[index].deliver(state)
                }
            }
        }
    }
}
