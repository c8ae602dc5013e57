import Switchyard
import Testing

/// For each action, every `handle` in composition order, the reducer once, the observers, then the
/// IOs in reverse composition order.
@Suite struct StoreOrderingTests {
    enum Action: Sendable, Equatable { case go, follow }

    /// A middleware that logs its steps and the state it reads in each.
    static func step(_ name: String, log: Log<String>) -> AnyMiddleware<Action, Action, Int> {
        AnyMiddleware { action, _, state in
            log.append("handle \(name) \(action) state=\(state())")
            return IO { _ in log.append("io \(name) \(action) state=\(state())") }
        }
    }

    static func countingReducer(log: Log<String>) -> Reducer<Action, Int> {
        Reducer { action, state in
            log.append("reducer \(action)")
            state += 1
        }
    }

    @Test func handlesRunInCompositionOrderThenReducerOnceThenObserversThenIOsInReverse() {
        let log = Log<String>()
        let store = Store(
            initialState: 0,
            reducer: Self.countingReducer(log: log),
            middleware: Self.step("a", log: log) <> Self.step("b", log: log) <> Self.step("c", log: log)
        )
        let subscription = store.subscribe { state in log.append("observer state=\(state)") }
        store.dispatch(.go)
        #expect(
            log.values == [
                "handle a go state=0", "handle b go state=0", "handle c go state=0",
                "reducer go",
                "observer state=1",
                "io c go state=1", "io b go state=1", "io a go state=1",
            ])
        subscription.cancel()
    }

    @Test func everyObserverIsNotifiedAfterTheReducerAndBeforeAnyIO() {
        let log = Log<String>()
        let store = Store(
            initialState: 0,
            reducer: Self.countingReducer(log: log),
            middleware: Self.step("a", log: log)
        )
        let first = store.subscribe { _ in log.append("observer") }
        let second = store.subscribe { _ in log.append("observer") }
        store.dispatch(.go)
        #expect(log.values == ["handle a go state=0", "reducer go", "observer", "observer", "io a go state=1"])
        withExtendedLifetime((first, second)) {}
    }

    @Test func stateReadInHandleIsBeforeTheReducerAndInTheIOAfterIt() {
        let readings = Log<String>()
        let middleware = AnyMiddleware<Action, Action, Int> { _, _, state in
            readings.append("handle \(state())")
            // The same getState, kept from handle and called later, reads the newer state.
            return IO { _ in readings.append("io \(state())") }
        }
        let store = Store(
            initialState: 10,
            reducer: Reducer { _, state in state *= 2 },
            middleware: middleware
        )
        store.dispatch(.go)
        store.dispatch(.go)
        #expect(readings.values == ["handle 10", "io 20", "handle 20", "io 40"])
    }

    @Test func reducerRunsExactlyOncePerActionWhateverTheNumberOfMiddlewares() {
        let log = Log<String>()
        let store = Store(
            initialState: 0,
            reducer: Self.countingReducer(log: log),
            middleware: Self.step("a", log: log) <> Self.step("b", log: log) <> Self.step("c", log: log)
                <> Self.step("d", log: log) <> Self.step("e", log: log)
        )
        store.dispatch(.go)
        store.dispatch(.follow)
        #expect(log.values.filter { $0.hasPrefix("reducer") } == ["reducer go", "reducer follow"])
        #expect(store.state == 2)
    }
}

/// The pipeline of the deprecated `Middleware` API: `receiveContext` once at store creation, with a `getState` and
/// an `output` that behave as the store's own.
@Suite struct StoreDeprecatedContextTests {
    enum Action: Sendable, Equatable { case go, follow }

    @available(*, deprecated, message: "tests the deprecated API")
    final class OldStyleMiddleware: Middleware, @unchecked Sendable {
        typealias InputActionType = Action
        typealias OutputActionType = Action
        typealias StateType = Int

        let log: Log<String>
        let contextCalls = Counter()
        private(set) var getState: GetState<Int>?
        private(set) var output: AnyActionHandler<Action>?

        init(log: Log<String>) {
            self.log = log
        }

        func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<Action>) {
            contextCalls.increment()
            self.getState = getState
            self.output = output
        }

        func handle(action: Action, from dispatcher: ActionSource, afterReducer: inout AfterReducer) {
            log.append("handle \(action) state=\(getState?() ?? -1)")
            if action == .go { output?.dispatch(.follow) }
            afterReducer = .do { [self] in log.append("after \(action) state=\(getState?() ?? -1)") }
        }
    }

    @available(*, deprecated, message: "tests the deprecated API")
    @Test func receiveContextIsCalledExactlyOnceWhenTheStoreIsCreated() {
        let middleware = OldStyleMiddleware(log: Log())
        let store = Store(initialState: 0, reducer: Reducer { _, state in state += 1 }, middleware: middleware)
        #expect(middleware.contextCalls.value == 1)
        store.dispatch(.follow)
        store.dispatch(.follow)
        #expect(middleware.contextCalls.value == 1)
        #expect(store.state == 2)
    }

    @available(*, deprecated, message: "tests the deprecated API")
    @Test func receiveContextIsCalledOnceForEachMiddlewareOfAComposition() {
        let first = OldStyleMiddleware(log: Log())
        let second = OldStyleMiddleware(log: Log())
        _ = Store(initialState: 0, reducer: Reducer { _, state in state += 1 }, middleware: first <> second)
        #expect(first.contextCalls.value == 1)
        #expect(second.contextCalls.value == 1)
    }

    @available(*, deprecated, message: "tests the deprecated API")
    @Test func contextOutputEnqueuesLikeAnyDispatchAndGetStateReadsTheStore() {
        let log = Log<String>()
        let middleware = OldStyleMiddleware(log: log)
        let store = Store(
            initialState: 0,
            reducer: Reducer { action, state in
                log.append("reducer \(action)")
                state += 1
            },
            middleware: middleware
        )
        store.dispatch(.go)
        // `.follow`, dispatched through the context's output during `.go`'s handle, waits for `.go` to finish.
        #expect(
            log.values == [
                "handle go state=0", "reducer go", "after go state=1",
                "handle follow state=1", "reducer follow", "after follow state=2",
            ])
        #expect(store.state == 2)
    }
}
