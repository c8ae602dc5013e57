/// A pure function that changes the state in place for an action.
///
/// ```swift
/// let counterReducer = Reducer<CounterAction, Int> { action, state in
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
/// }
/// ```
///
/// Reducers compose with `<>` (`lhs` runs first) and ``lift(action:state:)`` plugs a reducer of a part of the app
/// into the global types.
public struct Reducer<Action, State>: Sendable {
    /// A reduce function.
    typealias Reduce = @Sendable (Action, inout State) -> Void

    /// The reduce function: mutates `state` in place for `action`.
    public let reduce: @Sendable (Action, inout State) -> Void
    /// When this reducer is a composition, the reduce functions it runs in order, so that composing it again
    /// extends the list instead of nesting a call; `nil` otherwise.
    let parts: ReducerParts<Action, State>?
    /// When this reducer is a lift of another reducer through key paths, the chain down to the reducer lifted first,
    /// so that lifting it again does not nest; `nil` otherwise.
    @usableFromInline var relift: (any ReducerRelifting<Action, State>)?

    /// Creates a reducer from its reduce function: `Reducer<Action, State> { action, state in … }`.
    @preconcurrency
    public init(_ reduce: @escaping @Sendable (Action, inout State) -> Void) {
        self.reduce = reduce
        self.parts = nil
        self.relift = nil
    }

    /// A reducer that runs `parts` in order, in a loop.
    init(parts: FlatList<Reduce>) {
        self.reduce = { action, state in
            parts.withElements { reducers in
                for reduce in reducers { reduce(action, &state) }
            }
        }
        self.parts = ReducerParts(parts)
        self.relift = nil
    }
}

extension Reducer {
    /// The reducer that changes nothing.
    public static var identity: Reducer { Reducer { _, _ in } }

    /// A reducer that runs `lhs`, then `rhs`, on the same state.
    ///
    /// Compositions are flat: composing reducers one at a time, `all = all <> next`, costs amortized constant time
    /// per reducer, and the result runs them in a loop, so that ten thousand composed reducers take no more stack
    /// than two.
    public static func <> (lhs: Reducer, rhs: Reducer) -> Reducer {
        Reducer(parts: lhs.flatParts + rhs.flatParts)
    }

    /// The reduce functions this reducer runs, in order.
    private var flatParts: FlatList<Reduce> { parts?.list ?? FlatList(reduce) }
}

/// The reduce functions of a composition, in order, in a class: a reducer holds them in one reference.
final class ReducerParts<Action, State>: Sendable {
    let list: FlatList<Reducer<Action, State>.Reduce>

    init(_ list: FlatList<Reducer<Action, State>.Reduce>) {
        self.list = list
    }
}
