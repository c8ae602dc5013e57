import Switchyard

/// The deprecated API (`Middleware`, `AfterReducer`), reachable from tests without deprecation warnings.
///
/// Swift Testing refuses `@Test` and `@Suite` on deprecated declarations, and a test that is not deprecated warns
/// when it names a deprecated symbol. So every use of the deprecated API lives in a deprecated member of
/// ``LegacyAPI`` that witnesses a requirement of this protocol, which is not deprecated; tests call it through
/// ``legacyAPI``, whose opaque type shows them the protocol only.
protocol LegacyAPIProtocol {
    /// `AfterReducer`, seen as an opaque value.
    associatedtype AfterReducerBlock

    /// `AfterReducer.do(run)`.
    func afterReducer(_ run: @escaping () -> Void) -> AfterReducerBlock
    /// `AfterReducer.doNothing()`.
    func doNothing() -> AfterReducerBlock
    /// `AfterReducer.identity`.
    func identity() -> AfterReducerBlock
    /// `lhs <> rhs`.
    func compose(_ lhs: AfterReducerBlock, _ rhs: AfterReducerBlock) -> AfterReducerBlock
    /// `block.reducerIsDone()`.
    func run(_ block: AfterReducerBlock)

    /// An ``OldStyleMiddleware``, erased, with a view of the context it received.
    func oldStyleMiddleware<Action, State>(
        name: String,
        trace: Trace,
        reply: @escaping (Action) -> Action?
    ) -> OldStyle<Action, State>

    /// An ``OldStyleMiddleware`` lifted without erasing it first, so that `LiftMiddleware` forwards the context to
    /// the old middleware itself.
    func oldStyleMiddlewareLifted<Action, State, GlobalAction, GlobalState>(
        name: String,
        trace: Trace,
        reply: @escaping (Action) -> Action?,
        inputAction: @escaping @Sendable (GlobalAction) -> Action?,
        outputAction: @escaping @Sendable (Action) -> GlobalAction,
        state: @escaping @Sendable (GlobalState) -> State
    ) -> (middleware: AnyMiddleware<GlobalAction, GlobalAction, GlobalState>, context: OldStyle<Action, State>)

    /// The deprecated API's sample `LoggerMiddleware`, erased.
    func deprecatedLogger(logger: Logger) -> AnyMiddleware<AppGlobalAction, Never, AppGlobalState>
    /// The deprecated API's sample `FavoritesAPIMiddleware`, erased.
    func deprecatedFavorites(api: API) -> AnyMiddleware<FavoritesAction, FavoritesAction, FavoritesModel>
}

/// An old-style middleware behind `AnyMiddleware`, and what it kept from `receiveContext`.
struct OldStyle<Action, State> {
    let middleware: AnyMiddleware<Action, Action, State>
    /// The `getState` it received, if any.
    let getState: () -> GetState<State>?
    /// The `output` it received, if any.
    let output: () -> AnyActionHandler<Action>?
    /// How many times `receiveContext` was called.
    let contextCount: () -> Int
}

/// The deprecated API, seen as a ``LegacyAPIProtocol``.
var legacyAPI: some LegacyAPIProtocol { LegacyAPI() }

private struct LegacyAPI: LegacyAPIProtocol {
    @available(*, deprecated, message: "tests the deprecated API")
    typealias AfterReducerBlock = AfterReducer

    @available(*, deprecated, message: "tests the deprecated API")
    func afterReducer(_ run: @escaping () -> Void) -> AfterReducer { .do(run) }

    @available(*, deprecated, message: "tests the deprecated API")
    func doNothing() -> AfterReducer { .doNothing() }

    @available(*, deprecated, message: "tests the deprecated API")
    func identity() -> AfterReducer { .doNothing() }

    @available(*, deprecated, message: "tests the deprecated API")
    func compose(_ lhs: AfterReducer, _ rhs: AfterReducer) -> AfterReducer { lhs <> rhs }

    @available(*, deprecated, message: "tests the deprecated API")
    func run(_ block: AfterReducer) { block.reducerIsDone() }

    @available(*, deprecated, message: "tests the deprecated API")
    func oldStyleMiddleware<Action, State>(
        name: String,
        trace: Trace,
        reply: @escaping (Action) -> Action?
    ) -> OldStyle<Action, State> {
        view(of: OldStyleMiddleware<Action, State>(name: name, trace: trace, reply: reply))
    }

    @available(*, deprecated, message: "tests the deprecated API")
    func oldStyleMiddlewareLifted<Action, State, GlobalAction, GlobalState>(
        name: String,
        trace: Trace,
        reply: @escaping (Action) -> Action?,
        inputAction: @escaping @Sendable (GlobalAction) -> Action?,
        outputAction: @escaping @Sendable (Action) -> GlobalAction,
        state: @escaping @Sendable (GlobalState) -> State
    ) -> (middleware: AnyMiddleware<GlobalAction, GlobalAction, GlobalState>, context: OldStyle<Action, State>) {
        let old = OldStyleMiddleware<Action, State>(name: name, trace: trace, reply: reply)
        let lifted = old.lift(inputAction: inputAction, outputAction: outputAction, state: state)
        return (lifted.eraseToAnyMiddleware(), view(of: old))
    }

    @available(*, deprecated, message: "tests the deprecated API")
    func deprecatedLogger(logger: Logger) -> AnyMiddleware<AppGlobalAction, Never, AppGlobalState> {
        DeprecatedSamples.LoggerMiddleware(logger: logger).eraseToAnyMiddleware()
    }

    @available(*, deprecated, message: "tests the deprecated API")
    func deprecatedFavorites(api: API) -> AnyMiddleware<FavoritesAction, FavoritesAction, FavoritesModel> {
        DeprecatedSamples.FavoritesAPIMiddleware(api: api).eraseToAnyMiddleware()
    }

    @available(*, deprecated, message: "tests the deprecated API")
    private func view<Action, State>(of old: OldStyleMiddleware<Action, State>) -> OldStyle<Action, State> {
        OldStyle(
            middleware: old.eraseToAnyMiddleware(),
            getState: { old.getState },
            output: { old.output },
            contextCount: { old.contextCount })
    }
}
