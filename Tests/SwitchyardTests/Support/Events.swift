import Switchyard

/// A stream of events that any thread can send and a test awaits one at a time, in order.
struct Events<Event: Sendable>: Sendable {
    let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// Sends an event.
    func send(_ event: Event) {
        continuation.yield(event)
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
