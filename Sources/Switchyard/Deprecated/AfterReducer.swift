/// Work a deprecated ``Middleware`` schedules to run after the reducer.
///
/// Composed with `<>`, after-reducer blocks run in reverse order, so a pipeline reads
/// "(1) -> (2) -> (3) -> reducer -> (3) -> (2) -> (1)".
@available(*, deprecated, message: "Return an IO from handle(action:from:state:) instead.")
public struct AfterReducer {
    let block: (() -> Void)?

    init(run: (() -> Void)?) {
        self.block = run
    }

    /// Whether this is ``doNothing()``: a middleware that schedules nothing returns ``IO/pure()``.
    public var isNothing: Bool { block == nil }

    /// Runs the block.
    public func reducerIsDone() {
        block?()
    }

    /// Work to run after the reducer.
    public static func `do`(_ run: @escaping () -> Void) -> AfterReducer {
        AfterReducer(run: run)
    }

    /// Nothing to run after the reducer.
    public static func doNothing() -> AfterReducer {
        AfterReducer(run: nil)
    }
}

@available(*, deprecated, message: "Return an IO from handle(action:from:state:) instead.")
extension AfterReducer {
    /// Runs `rhs`, then `lhs`: the inner block first, as after-reducer work unwinds the pipeline.
    public static func <> (lhs: AfterReducer, rhs: AfterReducer) -> AfterReducer {
        if lhs.isNothing { return rhs }
        if rhs.isNothing { return lhs }
        return AfterReducer {
            rhs.reducerIsDone()
            lhs.reducerIsDone()
        }
    }
}
