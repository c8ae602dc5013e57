import Dispatch
import Synchronization

/// One registered observer of a store's state.
final class StateObserver<State>: @unchecked Sendable {
    /// Set before the observer is registered, never after.
    var deliver: (State) -> Void
    let cancelled = Atomic<Bool>(false)
    /// The observer receives the states of commits after this one; set under the list's lock.
    var startAfter: UInt64 = .max

    init(deliver: @escaping (State) -> Void = { _ in }) {
        self.deliver = deliver
    }
}

/// The observers of a store: registered from any thread, read by the processing thread from a cached snapshot that
/// is refreshed only when the list changed (one atomic load per action otherwise).
final class ObserverList<State>: @unchecked Sendable {
    private let lock = Lock()
    private let version = Atomic<UInt64>(0)
    private var observers: [ObjectIdentifier: StateObserver<State>] = [:]
    // Processing thread only:
    private var cachedVersion: UInt64 = 0
    private var cached: [StateObserver<State>] = []

    /// Registers `observer` so it receives every state committed after the one `register` reads; `initial`, when
    /// given, receives that state first (it must not call user code: it runs under the lock).
    func add(_ observer: StateObserver<State>, storage: StateStorage<State>, initial: ((State) -> Void)? = nil) {
        lock.lock()
        observers[ObjectIdentifier(observer)] = observer
        version.add(1, ordering: .releasing)
        let (state, commit) = storage.readCommitted()
        observer.startAfter = commit
        initial?(state)
        lock.unlock()
    }

    func remove(_ observer: StateObserver<State>) {
        observer.cancelled.store(true, ordering: .releasing)
        lock.lock()
        if observers.removeValue(forKey: ObjectIdentifier(observer)) != nil {
            version.add(1, ordering: .releasing)
        }
        lock.unlock()
    }

    /// The current observers (processing thread only).
    @inline(__always)
    func snapshot() -> [StateObserver<State>] {
        let current = version.load(ordering: .acquiring)
        if current != cachedVersion {
            lock.lock()
            cached = Array(observers.values)
            cachedVersion = version.load(ordering: .relaxed)
            lock.unlock()
        }
        return cached
    }

    /// Delivers `state` (commit number `commit`) to every observer that should receive it.
    func deliver(_ state: State, commit: UInt64, to observers: [StateObserver<State>]) {
        for observer in observers where commit > observer.startAfter {
            if !observer.cancelled.load(ordering: .acquiring) {
                observer.deliver(state)
            }
        }
    }
}
