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
///
/// IOs composed with `<>` are kept in one flat list and run by a loop: a composition of any number of IOs runs in
/// constant stack depth, and composing them one at a time costs amortized constant time per IO.
public struct IO<OutputActionType> {
    /// The closure that runs an IO of a single part.
    @usableFromInline
    typealias Part = (AnyActionHandler<OutputActionType>) -> Void

    /// What an IO runs: nothing, one closure, or the closures of a composition, in order.
    @usableFromInline
    enum Parts {
        case none
        case one(Part)
        case many(FlatList<Part>)
    }

    @usableFromInline
    let parts: Parts

    /// Creates an IO that runs `run` with the store's output handler.
    public init(_ run: @escaping (AnyActionHandler<OutputActionType>) -> Void) {
        self.parts = .one(run)
    }

    /// Not available: an IO's closure runs synchronously, after the reducer. Start asynchronous work with
    /// ``run(id:cancelInFlight:priority:operation:catch:fileID:line:)``, which the store owns and cancels.
    @available(
        *, unavailable,
        message: "IO { } runs synchronously; for async work write IO.run { output in try await ... }"
    )
    public init(_ run: @escaping @Sendable (AnyActionHandler<OutputActionType>) async throws -> Void) {
        fatalError("unavailable")
    }

    @inlinable
    init(parts: Parts) {
        self.parts = parts
    }

    /// An IO that does nothing. It costs nothing: no closure, no allocation.
    @inlinable
    public static func pure() -> IO {
        IO(parts: .none)
    }

    /// Whether this IO is ``pure()``, that is, does nothing.
    @inlinable
    public var isPure: Bool {
        if case .none = parts { return true }
        return false
    }

    /// Runs the IO, dispatching its actions to `output`.
    @inlinable
    public func run(_ output: AnyActionHandler<OutputActionType>) {
        switch parts {
        case .none: return
        case .one(let run): run(output)
        case .many(let list): Self.run(list, output)
        }
    }

    /// Runs the parts of a composition one after the other: a loop, whatever their number.
    @usableFromInline
    static func run(_ list: FlatList<Part>, _ output: AnyActionHandler<OutputActionType>) {
        list.withElements { parts in
            for part in parts { part(output) }
        }
    }

    /// Runs the IO, dispatching its actions to `handler`: ``run(_:)`` with `AnyActionHandler(handler)`.
    package func run<Handler: ActionHandler>(_ handler: Handler) where Handler.Action == OutputActionType {
        guard !isPure else { return }
        run(AnyActionHandler(handler))
    }

    /// An IO that dispatches `transform(action)` for every action this one dispatches; the source is kept.
    @preconcurrency
    @inlinable
    public func map<NewOutput>(_ transform: @escaping @Sendable (OutputActionType) -> NewOutput) -> IO<NewOutput> {
        switch parts {
        case .none: return .pure()
        case .one(let run): return IO<NewOutput> { output in run(output.contramap(transform)) }
        case .many: return IO<NewOutput> { output in self.run(output.contramap(transform)) }
        }
    }
}

extension IO {
    /// An IO that runs `lhs`, then `rhs`. Composing with ``pure()`` returns the other side unchanged.
    @inlinable
    public static func <> (lhs: IO, rhs: IO) -> IO {
        if case .none = lhs.parts { return rhs }
        if case .none = rhs.parts { return lhs }
        return IO(parts: .many(concatenating(lhs.parts, rhs.parts)))
    }

    /// The parts of two IOs that are not pure, in one list.
    @usableFromInline
    static func concatenating(_ lhs: Parts, _ rhs: Parts) -> FlatList<Part> {
        switch (lhs, rhs) {
        case (.one(let left), .one(let right)): FlatList(left).appending(right)
        case (.one(let left), .many(let right)): right.prepending(left)
        case (.many(let left), .one(let right)): left.appending(right)
        case (.many(let left), .many(let right)): left + right
        case (.none, _), (_, .none): preconditionFailure("pure IOs are not concatenated")
        }
    }
}
