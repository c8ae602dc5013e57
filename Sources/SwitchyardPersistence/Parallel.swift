import Foundation

/// Work spread over the machine's cores, for the restore's decoding and the writer's encoding of large batches.
///
/// `DispatchQueue.concurrentPerform` would do, but on Linux, called from a thread of Swift concurrency's pool under
/// ThreadSanitizer, libdispatch's apply crashed reading a null pointer (`_dispatch_apply_invoke_and_wait`, once in
/// a CI run of the journal format tests). This keeps to `DispatchQueue.async` and a condition, whose behaviour under
/// the sanitizer is plain: the calling thread takes items like the helpers, so the work finishes even if no helper
/// thread ever starts, and the call returns once every item is done, without waiting for helpers that found none.
enum Parallel {
    /// Calls `body` once for each index of `0..<count`, on up to as many threads as the machine has cores, the calling
    /// thread among them; returns once every call has returned.
    static func forEach(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let progress = Progress(count: count)
        let work: @Sendable () -> Void = {
            while let index = progress.take() {
                body(index)
                progress.finish()
            }
        }
        let helpers = min(ProcessInfo.processInfo.activeProcessorCount, count) - 1
        for _ in 0..<max(helpers, 0) { DispatchQueue.global().async(execute: work) }
        work()
        progress.waitUntilDone()
    }

    /// The next index to take and how many calls have returned.
    private final class Progress: @unchecked Sendable {
        // Both counters are read and written with `condition` locked.
        private let condition = NSCondition()
        private let count: Int
        private var next = 0
        private var finished = 0

        init(count: Int) { self.count = count }

        /// The next index nobody took, or nil once every index is taken.
        func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        /// Counts one returned call.
        func finish() {
            condition.lock()
            finished += 1
            if finished == count { condition.broadcast() }
            condition.unlock()
        }

        /// Returns once every index's call has returned.
        func waitUntilDone() {
            condition.lock()
            while finished < count { condition.wait() }
            condition.unlock()
        }
    }
}
