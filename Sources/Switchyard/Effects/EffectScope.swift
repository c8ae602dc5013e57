/// The asynchronous effects that a store's middlewares started with ``IO/run(id:cancelInFlight:priority:operation:catch:fileID:line:)``:
/// each runs in a task registered here, under its id.
///
/// A store owns one scope and hands it to middlewares inside its output handler, so lifted middlewares reach it
/// too. Starting an effect with an id can first cancel the running effects with that id; a finished effect leaves
/// the scope; ``close()``, called when the store is freed, cancels every running effect and refuses new ones, so
/// no effect outlives its store. Cancelling an effect sets its ``EffectCancellation`` flag, which its output
/// handler checks, then cancels its task. The bookkeeping is the pure ``EffectTable``; no user code runs, and no
/// task is cancelled, while the lock is held.
@usableFromInline
package final class EffectScope: @unchecked Sendable {
    /// Where failures of effects without an error handler are reported.
    package let diagnostics: StoreDiagnostics
    private let lock = Lock()
    private var table = EffectTable()  // guarded by lock
    private var observers: [@Sendable () -> Void] = []  // guarded by lock

    /// Creates an empty, open scope that reports unhandled effect failures to `diagnostics`.
    @usableFromInline
    package init(diagnostics: StoreDiagnostics) {
        self.diagnostics = diagnostics
    }

    /// Starts `operation` in a new task registered under `origin.id`; cancelling it sets `cancellation`.
    ///
    /// With `cancelInFlight`, the running effects with the same id are cancelled first. On a closed scope nothing
    /// starts.
    func start(
        origin: EffectOrigin,
        cancellation: EffectCancellation,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        operation: @escaping @Sendable () async -> Void
    ) {
        let decision = lock.withLock {
            table.start(origin: origin, cancellation: cancellation, cancelInFlight: cancelInFlight)
        }
        guard case .start(let token, let cancelling) = decision else { return }
        for effect in cancelling { effect.perform() }
        let task = Task(priority: priority) {
            await operation()
            self.finish(token)
        }
        if lock.withLock({ table.attach(task, to: token) }) {
            task.cancel()
        }
    }

    /// Cancels the running effects started with `id`.
    func cancel(id: EffectID) {
        let cancelling = lock.withLock { table.cancel(id: id) }
        for effect in cancelling { effect.perform() }
    }

    /// Cancels every running effect and refuses new ones; the store calls it when it is freed.
    package func close() {
        let cancelling = lock.withLock { table.close() }
        for effect in cancelling { effect.perform() }
    }

    /// Whether ``close()`` has been called.
    package var isClosed: Bool { lock.withLock { table.isClosed } }

    /// The effects whose task has not finished yet, cancelled ones included.
    package var runningEffects: [EffectOrigin] {
        lock.withLock { table.entries.values.map(\.origin) }
    }

    /// Calls `observer` each time an effect finishes (on the effect's task), for test tools that wait for effects.
    package func observeFinishedEffects(_ observer: @escaping @Sendable () -> Void) {
        lock.withLock { observers.append(observer) }
    }

    private func finish(_ token: UInt64) {
        // The finished entry is returned, so it is released after unlocking.
        let (_, toNotify) = lock.withLock { (table.finish(token), observers) }
        for observer in toNotify { observer() }
    }
}
