import Foundation

/// A thread-safe list of lines that documentation snippets and their tests write to.
///
/// It locks with `NSLock` rather than `Mutex`, so that ThreadSanitizer sees the lock (ThreadSanitizer does not see the futex-based `Mutex` on Linux).
final class DocumentationLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    /// The lines written so far, oldest first.
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// Appends `line`.
    func append(_ line: String) {
        lock.lock()
        storage.append(line)
        lock.unlock()
    }
}
