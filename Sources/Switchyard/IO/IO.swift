/// The deferred part of a middleware's answer: work the store runs after the reducer.
///
/// A middleware's `handle` returns an `IO`. The store runs it after the reducer has changed the state, so
/// `state()` read inside it returns the new state. The closure receives `output`, through which it dispatches new
/// actions, now or later from any thread:
///
/// ```swift
/// return IO { output in
///     output.dispatch(.showPopup)
/// }
/// ```
///
/// Return ``pure()`` when there is nothing to do: it allocates nothing.
public struct IO<OutputActionType> {
    @usableFromInline
    let runIO: ((AnyActionHandler<OutputActionType>) -> Void)?

    /// Creates an IO that runs `run` with the store's output handler.
    public init(_ run: @escaping (AnyActionHandler<OutputActionType>) -> Void) {
        self.runIO = run
    }

    @inlinable
    init(runIO: ((AnyActionHandler<OutputActionType>) -> Void)?) {
        self.runIO = runIO
    }

    /// An IO that does nothing. It costs nothing: no closure, no allocation.
    @inlinable
    public static func pure() -> IO {
        IO(runIO: nil)
    }

    /// Whether this IO is ``pure()``, that is, does nothing.
    @inlinable
    public var isPure: Bool { runIO == nil }

    /// Runs the IO, dispatching its actions to `output`.
    @inlinable
    public func run(_ output: AnyActionHandler<OutputActionType>) {
        runIO?(output)
    }

    /// Runs the IO, dispatching its actions to `handler`.
    public func run<Handler: ActionHandler>(_ handler: Handler) where Handler.ActionType == OutputActionType {
        guard let runIO else { return }
        runIO(AnyActionHandler(handler))
    }

    /// An IO that dispatches `transform(action)` for every action this one dispatches; the source is kept.
    @inlinable
    public func map<NewOutput>(_ transform: @escaping @Sendable (OutputActionType) -> NewOutput) -> IO<NewOutput> {
        guard let runIO else { return .pure() }
        return IO<NewOutput> { output in runIO(output.contramap(transform)) }
    }

    /// An IO that, for every action this one dispatches, runs the IO that `transform` returns for it.
    public func flatMap<NewOutput>(
        _ transform: @escaping @Sendable (DispatchedAction<OutputActionType>) -> IO<NewOutput>
    ) -> IO<NewOutput> {
        guard let runIO else { return .pure() }
        return IO<NewOutput> { output in
            runIO(AnyActionHandler(effectScope: output.effectScope) { dispatched in transform(dispatched).run(output) })
        }
    }
}

extension IO: Monoid {
    /// ``pure()``: the IO that does nothing.
    @inlinable
    public static var identity: IO { .pure() }

    /// An IO that runs `lhs`, then `rhs`. Composing with ``pure()`` returns the other side unchanged.
    @inlinable
    public static func <> (lhs: IO, rhs: IO) -> IO {
        guard let left = lhs.runIO else { return rhs }
        guard let right = rhs.runIO else { return lhs }
        return IO { output in
            left(output)
            right(output)
        }
    }
}
