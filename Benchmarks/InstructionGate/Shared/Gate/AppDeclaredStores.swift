import Switchyard

// The U workloads: stores declared by the app's own generic code, in this module, rather than by a factory module.
// A function generic over the state creates the store, as an app that runs one setup for several state types does,
// and dispatches an action that the optimizer cannot see (read at run time), with the default source arguments.

/// The state of the U workloads, as an app's generic setup sees it.
protocol BenchState {
    /// The state before any action.
    static func initial() -> Self
    /// The count of `.increment` actions.
    var counter: Int { get set }
}

/// The U workloads' state.
struct AppCounter: BenchState, Sendable {
    var counter = 0

    static func initial() -> AppCounter { AppCounter() }
}

/// The U workloads' action: an enum with a payload case, as an app's action is.
enum AppAction: Sendable {
    case increment
    case other(Int)
}

/// The action the U workloads dispatch, `.increment`, made from the command line so that the optimizer cannot
/// see it: the store receives whatever action the app's code passes it.
@inline(never)
func opaqueIncrement() -> AppAction {
    CommandLine.arguments.count > 100 ? .other(CommandLine.arguments.count) : .increment
}

/// The U workloads' reducer, made where the state is generic (`Sendable`, so that the reducer, which is, may use
/// its type).
func makeReducer<S: BenchState & Sendable>(_: S.Type) -> Reducer<AppAction, S> {
    Reducer { action, state in
        if case .increment = action { state.counter += 1 }
    }
}

/// A middleware of the app's generic code that reads the state before the reducer and has nothing to do after it.
struct CounterReadingMiddleware<S: BenchState & Sendable>: MiddlewareProtocol, Sendable {
    // Implemented, though empty, because the protocol's default implementation is deprecated and using it warns.
    func receiveContext(getState: @escaping GetState<S>, output: AnyActionHandler<AppAction>) {}

    func handle(action: AppAction, from dispatcher: ActionSource, state: @escaping GetState<S>) -> IO<AppAction> {
        precondition(state().counter >= 0)
        return .pure()
    }
}

/// Dispatches `action` `count` times to `store` and checks that the store processed every one.
func dispatchAppActions<S: BenchState>(_ store: Store<AppAction, S>, _ action: AppAction, _ count: Int) {
    let expected = store.state.counter + count
    for _ in 0..<count {
        store.dispatch(action)
    }
    precondition(store.state.counter == expected, "the store lost actions")
}

/// The store of U1 and U4, declared where the state is generic: SwiftRex's shape of a store without middleware
/// (the identity, erased) that notifies its observers after every action; with `observe`, one observer counts the
/// states it receives.
func runAppDeclaredStore<S: BenchState & Sendable>(_: S.Type, count: Int, action: AppAction, observe: Bool) {
    let store = Store<AppAction, S>(
        initialState: S.initial(),
        reducer: makeReducer(S.self),
        middleware: IdentityMiddleware<AppAction, AppAction, S>().eraseToAnyMiddleware(),
        emitsValue: .always
    )
    guard observe else {
        dispatchAppActions(store, action, count)
        return
    }
    let deliveries = Deliveries()
    let subscription = store.subscribe { _ in deliveries.count += 1 }
    let expected = deliveries.count + count
    dispatchAppActions(store, action, count)
    precondition(deliveries.count == expected, "the observer missed states")
    subscription.cancel()
}

/// The store of U2, declared where the state is generic: ten middlewares that read the state, each erased,
/// composed with `<>` one at a time.
func runAppDeclaredStoreWithTenMiddlewares<S: BenchState & Sendable>(_: S.Type, count: Int, action: AppAction) {
    let middleware = CounterReadingMiddleware<S>().eraseToAnyMiddleware()
    var composed = middleware
    for _ in 1..<10 {
        composed = (composed <> middleware).eraseToAnyMiddleware()
    }
    // `<>` flattens each erased composition, so this is one composition of ten (the library's tests pin that).
    let store = Store<AppAction, S>(
        initialState: S.initial(),
        reducer: makeReducer(S.self),
        middleware: composed,
        emitsValue: .always
    )
    dispatchAppActions(store, action, count)
}

/// U1: W1's counter, its store declared by the app's generic code.
func runAppDeclaredCounter(_ count: Int) {
    runAppDeclaredStore(AppCounter.self, count: count, action: opaqueIncrement(), observe: false)
}

/// U4: W4's observer, its store declared by the app's generic code.
func runAppDeclaredObserver(_ count: Int) {
    runAppDeclaredStore(AppCounter.self, count: count, action: opaqueIncrement(), observe: true)
}

/// U2: W2e's ten erased middlewares, their store declared by the app's generic code.
func runAppDeclaredTenMiddlewares(_ count: Int) {
    runAppDeclaredStoreWithTenMiddlewares(AppCounter.self, count: count, action: opaqueIncrement())
}

// MARK: - The users' generic shapes

// The G workloads write the store the way a measured app wrote it: everything the store is made of comes from the
// app's generic factories, the state is only known through the app's protocol, and the observer is a closure of the
// enclosing generic function. Where the U workloads spell a part out in place, these call a factory for it.

/// The app's factory of its store's middleware, where it runs none: the identity, erased, as SwiftRex apps pass it.
func makeAppMiddleware<S: BenchState & Sendable>(_: S.Type) -> AnyMiddleware<AppAction, AppAction, S> {
    IdentityMiddleware<AppAction, AppAction, S>().eraseToAnyMiddleware()
}

/// The app's factory of its store: the reducer and the middleware from their factories, `emitsValue: .always`.
func makeAppStore<S: BenchState & Sendable>(_: S.Type) -> Store<AppAction, S> {
    Store<AppAction, S>(
        initialState: S.initial(),
        reducer: makeReducer(S.self),
        middleware: makeAppMiddleware(S.self),
        emitsValue: .always
    )
}

/// G1 and G5's store, made by the app's generic factory, with no observer.
func runAppFactoryStore<S: BenchState & Sendable>(_: S.Type, count: Int, action: AppAction) {
    dispatchAppActions(makeAppStore(S.self), action, count)
}

/// G4's store: one observer, a closure of this generic function that reads the state through the app's protocol
/// and counts, in a local variable, the states it received with a positive counter.
func runAppFactoryStoreObserved<S: BenchState & Sendable>(_: S.Type, count: Int, action: AppAction) {
    let store = makeAppStore(S.self)
    // Written only by the observer, on the dispatching thread, and read after the last dispatch returned.
    nonisolated(unsafe) var delivered = 0
    let subscription = store.subscribe { state in
        if state.counter > 0 { delivered += 1 }
    }
    dispatchAppActions(store, action, count)
    precondition(delivered == count, "the observer missed states")
    subscription.cancel()
}

/// G5's state: W5's 10,000 `Int`s beside the counter, which alone the reducer changes.
struct AppLargeState: BenchState, Sendable {
    var counter = 0
    var values = [Int](repeating: 7, count: 10_000)

    static func initial() -> AppLargeState { AppLargeState() }
}

/// G1: W1's counter as the measured app wrote it (see the G workloads above).
func runAppFactoryCounter(_ count: Int) {
    runAppFactoryStore(AppCounter.self, count: count, action: opaqueIncrement())
}

/// G4: W4's observer as the measured app wrote it.
func runAppFactoryObserver(_ count: Int) {
    runAppFactoryStoreObserved(AppCounter.self, count: count, action: opaqueIncrement())
}

/// G5: W5's large state as the measured app wrote it.
func runAppFactoryLargeState(_ count: Int) {
    runAppFactoryStore(AppLargeState.self, count: count, action: opaqueIncrement())
}
