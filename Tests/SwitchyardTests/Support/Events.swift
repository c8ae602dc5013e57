import Switchyard
import SwitchyardTestSupport

/// A stream of events that any thread can send and a test awaits one at a time, in order, with a deadline.
struct Events<Event: Sendable>: Sendable {
    /// The events, for code under test that consumes them (an effect's `for await`).
    let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let sent = Log<Event>()

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// Sends an event.
    func send(_ event: Event) {
        sent.append(event)
        continuation.yield(event)
    }

    /// A reader of the events from the first one sent, in order, for the test; it leaves ``stream`` to the code under
    /// test.
    func makeReader(timeout: Duration = defaultWaitTimeout) -> Reader {
        Reader(sent: sent, timeout: timeout)
    }

    /// Reads sent events one at a time, waiting for each at most its deadline.
    struct Reader {
        let sent: Log<Event>
        let timeout: Duration
        private var position = 0

        init(sent: Log<Event>, timeout: Duration) {
            self.sent = sent
            self.timeout = timeout
        }

        /// The next event, or `nil` when none was sent within the deadline: a test that expects one then fails
        /// instead of hanging.
        mutating func next() async -> Event? {
            let (sent, index) = (self.sent, position)
            guard await eventually(timeout: timeout, { sent.count > index }) else { return nil }
            position += 1
            return sent.withLock { $0[index] }
        }
    }

    /// A middleware that sends every action the store processes, once its reducer has run (compose it first, so
    /// that its IO runs last).
    func recordingMiddleware<State>() -> AnyMiddleware<Event, Event, State> {
        AnyMiddleware { action, _, _ in
            IO { _ in send(action) }
        }
    }
}

/// Suspends until the current task is cancelled, then calls `onCancel` (from the cancelling thread).
func suspendUntilCancelled(onCancel: @escaping @Sendable () -> Void) async {
    let (forever, continuation) = AsyncStream.makeStream(of: Never.self)
    await withTaskCancellationHandler {
        for await _ in forever {}
    } onCancel: {
        onCancel()
        continuation.finish()
    }
}
