/// Work a deprecated ``Middleware`` schedules to run after the reducer.
///
/// Composed with `<>`, after-reducer blocks run in reverse order, so a pipeline reads
/// "(1) -> (2) -> (3) -> reducer -> (3) -> (2) -> (1)".
@available(*, deprecated, message: "Return an IO from handle(action:from:state:) instead.")
public struct AfterReducer {
    /// Runs the block.
    public let reducerIsDone: () -> Void

    init(run: @escaping () -> Void) {
        self.reducerIsDone = run
    }

    /// Work to run after the reducer.
    public static func `do`(_ run: @escaping () -> Void) -> AfterReducer {
        AfterReducer(run: run)
    }

    /// Nothing to run after the reducer.
    public static func doNothing() -> AfterReducer {
        AfterReducer(run: {})
    }
}

@available(*, deprecated, message: "Return an IO from handle(action:from:state:) instead.")
extension AfterReducer: Monoid {
    /// ``doNothing()``.
    public static var identity: AfterReducer { .doNothing() }

    /// Runs `rhs`, then `lhs`: the inner block first, as after-reducer work unwinds the pipeline.
    public static func <> (lhs: AfterReducer, rhs: AfterReducer) -> AfterReducer {
        AfterReducer {
            rhs.reducerIsDone()
            lhs.reducerIsDone()
        }
    }
}
