import Foundation
import Switchyard

/// The thread the inspector's requests and live updates run on: never the app's cooperative pool, so that a slow or
/// hostile client costs the inspector, not the app's tasks. One for the process, started on first use.
final class InspectorExecutor: TaskExecutor {
    static let shared = InspectorExecutor()

    private let jobs = LockedValue<[UnownedJob]>([])
    private let wake = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in run() }
        thread.name = "Switchyard inspector"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        wake.signal()
    }

    private func run() {
        while true {
            wake.wait()
            let batch = jobs.withLock { jobs in
                defer { jobs.removeAll(keepingCapacity: true) }
                return jobs
            }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
