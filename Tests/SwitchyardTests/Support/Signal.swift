/// A signal that any thread sends and a test awaits with a deadline, so that a test of code that might hang fails
/// instead of hanging.
struct Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Sends the signal.
    func send() {
        continuation.yield()
    }

    /// Waits for the signal; `false` when `timeout` passed first. Await it once.
    func arrives(within timeout: Duration = .seconds(60)) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
