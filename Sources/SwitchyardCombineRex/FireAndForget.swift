/// A publisher that runs some work and never emits: it completes once its upstream completes, ignoring every value,
/// as CombineRex's `FireAndForget` does.
///
/// Its `Output` is whatever the effect that returns it must emit, so it fits where an effect's publisher is expected:
///
/// ```swift
/// Effect<Void, AppAction>.fireAndForget { analytics.track("launch") }
/// ```
public struct FireAndForget<IgnoringOutput>: Publisher {
    /// The type the publisher would emit; it emits nothing.
    public typealias Output = IgnoringOutput
    /// It never fails.
    public typealias Failure = Never

    private let inner: AnyPublisher<IgnoringOutput, Never>

    /// Runs `operation` when the publisher is subscribed to, then completes.
    public init(_ operation: @escaping () -> Void) {
        self.init(Empty<IgnoringOutput, Never>().handleEvents(receiveSubscription: { _ in operation() }))
    }

    /// Subscribes to `upstream`, ignores its values and completes when it does.
    public init<P: Publisher>(_ upstream: P) where P.Failure == Never {
        inner = upstream.ignoreOutput().map { _ -> IgnoringOutput in }.eraseToAnyPublisher()
    }

    /// Subscribes to `upstream`, ignores its values and completes when it does; when it fails, emits what
    /// `catchErrors` returns for the error (nothing for `nil`) and completes.
    public init<P: Publisher>(_ upstream: P, catchErrors: @escaping (P.Failure) -> IgnoringOutput?) {
        inner =
            upstream
            .ignoreOutput()
            .map { _ -> IgnoringOutput? in }
            .catch { error in Just(catchErrors(error)) }
            .compactMap { $0 }
            .eraseToAnyPublisher()
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == IgnoringOutput, S.Failure == Never {
        inner.receive(subscriber: subscriber)
    }
}
