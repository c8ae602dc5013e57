import Switchyard
import SwitchyardTestSupport
import Testing

/// Actions typed by protocol, as ReSwift apps type them (its `Action` protocol).
protocol AppActionProtocol: Sendable {}

/// `RuntimeMiddlewareRegistry`: middlewares added and removed while the store runs.
@Suite struct RuntimeMiddlewareRegistryTests {
    struct BananaAction: AppActionProtocol, Equatable { let name: String }
    struct AppleAction: AppActionProtocol, Equatable { let name: String }

    enum Action: Sendable, Equatable { case banana(String), apple, increment, local(LocalAction) }
    enum LocalAction: Sendable, Equatable { case ask, answer }

    static func banana(_ action: Action) -> String? {
        if case .banana(let name) = action { name } else { nil }
    }

    static func enumStore(diagnostics: StoreDiagnostics = .ignore) -> Store<Action, Int> {
        Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { _, state in state += 1 },
            diagnostics: diagnostics
        )
    }

    static func protocolStore() -> Store<any AppActionProtocol, Int> {
        Store(
            initialState: 0,
            reducer: Reducer<any AppActionProtocol, Int> { _, state in state += 1 }
        )
    }

    // MARK: - Adding

    /// A registry kept after its store is freed adds nothing: each addition, a whole middleware or a closure, comes
    /// back already removed, and the middleware's deprecated `receiveContext` is never called.
    @Test func addingToTheRegistryOfAFreedStoreReturnsRemovedRegistrations() {
        var store: Store<Action, Int>? = Self.enumStore()
        let registry = store!.runtimeMiddlewares
        store = nil
        let contexts = Log<String>()
        let middleware = AnyMiddleware<Action, Action, Int>(
            receiveContext: { _, _ in contexts.append("receiveContext") },
            handle: { _, _, _ in .pure() }
        )
        let added = registry.add(middleware)
        let closure = registry.addBeforeReducer(extract: Self.banana) { _, _ in }
        #expect(added.isRemoved && closure.isRemoved)
        #expect(registry.count == 0)
        #expect(contexts.values.isEmpty)
    }

    @Test func beforeReducerClosureWithAnExtractorSeesMatchingActionsAndTheirSourceBeforeTheReducer() {
        let store = Self.enumStore()
        let storeBox = Slot(store)
        let seen = Log<String>()
        let registration = store.runtimeMiddlewares.addBeforeReducer(extract: Self.banana) { name, source in
            seen.append("\(name) state=\(storeBox.value?.state ?? -1) line=\(source.line)")
        }
        store.dispatch(.apple)
        store.dispatch(.banana("cavendish"))
        let line = #line - 1
        #expect(seen.values == ["cavendish state=1 line=\(line)"])
        #expect(!registration.isRemoved)
        storeBox.value = nil
    }

    @Test func beforeReducerClosureWithACastSeesOnlyActionsOfItsTypeInAProtocolTypedStore() {
        let store = Self.protocolStore()
        let bananas = Log<BananaAction>()
        let registration = store.runtimeMiddlewares.addBeforeReducer { (banana: BananaAction) in
            bananas.append(banana)
        }
        store.dispatch(AppleAction(name: "gala"))
        store.dispatch(BananaAction(name: "plantain"))
        store.dispatch(AppleAction(name: "fuji"))
        #expect(bananas.values == [BananaAction(name: "plantain")])
        #expect(store.state == 3)
        registration.remove()
    }

    @Test func afterReducerClosureWithAnExtractorGetsTheNewStateAndAnOutputThatQueues() {
        let store = Self.enumStore()
        let log = Log<String>()
        let registration = store.runtimeMiddlewares.addAfterReducer(extract: Self.banana) { name, _, state, output in
            log.append("after \(name) state=\(state)")
            if name == "first" { output.dispatch(.banana("second")) }
            log.append("after \(name) returns")
        }
        store.dispatch(.banana("first"))
        #expect(
            log.values == [
                "after first state=1", "after first returns", "after second state=2", "after second returns",
            ])
        registration.remove()
    }

    @Test func afterReducerClosureWithACastRunsForItsTypeInAProtocolTypedStore() {
        let store = Self.protocolStore()
        let seen = Log<String>()
        let registration = store.runtimeMiddlewares.addAfterReducer {
            (apple: AppleAction, state: Int, output: AnyActionHandler<any AppActionProtocol>) in
            seen.append("\(apple.name) state=\(state)")
            if apple.name == "gala" { output.dispatch(BananaAction(name: "from apple")) }
        }
        store.dispatch(AppleAction(name: "gala"))
        store.dispatch(BananaAction(name: "ignored"))
        #expect(seen.values == ["gala state=1"])
        #expect(store.state == 3)
        registration.remove()
    }

    /// Answers `.ask` with `.answer` and reports the local state it read.
    struct LocalMiddleware: MiddlewareProtocol, Sendable {
        let seen: Log<String>

        func receiveContext(getState: @escaping GetState<String>, output: AnyActionHandler<LocalAction>) {}

        func handle(
            action: LocalAction, from dispatcher: ActionSource, state: @escaping GetState<String>
        )
            -> IO<LocalAction>
        {
            seen.append("\(action) \(state())")
            guard action == .ask else { return .pure() }
            return IO { output in output.dispatch(.answer) }
        }
    }

    @Test func wholeMiddlewareAddedWithLiftMapsSeesLocalActionsAndStateAndDispatchesGlobalActions() {
        let store = Self.enumStore()
        let seen = Log<String>()
        let processed = Log<Action>()
        let recording = store.runtimeMiddlewares.addBeforeReducer(extract: { $0 }) { action, _ in
            processed.append(action)
        }
        let registration = store.runtimeMiddlewares.add(
            LocalMiddleware(seen: seen),
            inputAction: { if case .local(let local) = $0 { local } else { nil } },
            outputAction: Action.local,
            state: { "count \($0)" }
        )
        store.dispatch(.apple)
        store.dispatch(.local(.ask))
        #expect(seen.values == ["ask count 1", "answer count 2"])
        #expect(processed.values == [.apple, .local(.ask), .local(.answer)])
        registration.remove()
        recording.remove()
    }

    @Test func wholeMiddlewareAddedWithoutLiftRunsLikeAStoreMiddleware() {
        let store = Self.enumStore()
        let seen = Log<String>()
        let middleware = AnyMiddleware<Action, Action, Int> { action, _, state in
            seen.append("handle \(action) \(state())")
            return IO { _ in seen.append("io \(action) \(state())") }
        }
        let registration = store.runtimeMiddlewares.add(middleware)
        store.dispatch(.apple)
        #expect(seen.values == ["handle apple 0", "io apple 1"])
        registration.remove()
    }

    @Test func registeredMiddlewaresRunAfterTheStoresOwnAndTheirWorkAfterTheReducerRunsBeforeItsIOs() {
        let log = Log<String>()
        let own = AnyMiddleware<Action, Action, Int> { _, _, _ in
            log.append("own handle")
            return IO { _ in log.append("own io") }
        }
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { _, state in
                log.append("reducer")
                state += 1
            },
            middleware: own
        )
        let registry = store.runtimeMiddlewares
        let registrations = [
            registry.addBeforeReducer(extract: { $0 }) { _, _ in log.append("first before") },
            registry.addAfterReducer(extract: { $0 }) { _, _, _, _ in log.append("second after") },
            registry.addAfterReducer(extract: { $0 }) { _, _, _, _ in log.append("third after") },
        ]
        store.dispatch(.apple)
        #expect(
            log.values == ["own handle", "first before", "reducer", "third after", "second after", "own io"])
        for registration in registrations { registration.remove() }
    }

    // MARK: - Removing

    @Test func eachRegistrationIsRemovableOnItsOwn() {
        let store = Self.enumStore()
        let seen = Log<String>()
        let registry = store.runtimeMiddlewares
        let first = registry.addBeforeReducer(extract: { $0 }) { _, _ in seen.append("first") }
        let second = registry.addBeforeReducer(extract: { $0 }) { _, _ in seen.append("second") }
        let third = registry.addAfterReducer(extract: { $0 }) { _, _, _, _ in seen.append("third") }
        #expect(registry.count == 3)
        #expect(Set([first.id, second.id, third.id]).count == 3)
        second.remove()
        second.remove()  // twice is harmless
        #expect(second.isRemoved && !first.isRemoved && !third.isRemoved)
        #expect(registry.count == 2)
        store.dispatch(.apple)
        #expect(seen.values == ["first", "third"])
        first.remove()
        store.dispatch(.apple)
        #expect(seen.values == ["first", "third", "third"])
        third.remove()
        #expect(registry.count == 0)
    }

    @Test func removeAllRemovesEveryRegistration() {
        let store = Self.enumStore()
        let seen = Counter()
        let registry = store.runtimeMiddlewares
        let registrations = (0..<3).map { _ in registry.addBeforeReducer(extract: { $0 }) { _, _ in seen.increment() } }
        store.dispatch(.apple)
        #expect(seen.value == 3)
        registry.removeAll()
        #expect(registry.count == 0)
        #expect(registrations.allSatisfy { $0.isRemoved })
        store.dispatch(.apple)
        #expect(seen.value == 3)
        #expect(store.state == 2)
    }

    // MARK: - Changes while the store runs

    @Test func middlewareAddedWhileAnActionIsProcessedSeesActionsFromTheNextOne() {
        let store = Self.enumStore()
        let storeBox = Slot(store)
        let lateSeen = Log<Action>()
        let late = Slot<RuntimeMiddlewareRegistration>()
        // Registers another middleware from its after-reducer work, then removes itself.
        let registering = store.runtimeMiddlewares.addAfterReducer(extract: { $0 }) { action, _, _, output in
            guard action == .apple, late.value == nil, let store = storeBox.value else { return }
            late.value = store.runtimeMiddlewares.addBeforeReducer(extract: { $0 }) { action, _ in
                lateSeen.append(action)
            }
            output.dispatch(.increment)
        }
        store.dispatch(.apple)
        store.dispatch(.banana("next"))
        #expect(lateSeen.values == [.increment, .banana("next")])
        registering.remove()
        late.value?.remove()
        storeBox.value = nil
    }

    @Test func middlewareAddedByTheStoresOwnMiddlewareDuringAnActionSeesActionsFromTheNextOne() {
        let storeBox = Slot<Store<Action, Int>>()
        let lateSeen = Log<Action>()
        let late = Slot<RuntimeMiddlewareRegistration>()
        let registering = AnyMiddleware<Action, Action, Int> { action, _, _ in
            if action == .apple, late.value == nil, let store = storeBox.value {
                late.value = store.runtimeMiddlewares.addBeforeReducer(extract: { $0 }) { action, _ in
                    lateSeen.append(action)
                }
            }
            return .pure()
        }
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { _, state in state += 1 },
            middleware: registering
        )
        storeBox.value = store
        store.dispatch(.apple)
        store.dispatch(.banana("next"))
        #expect(lateSeen.values == [.banana("next")])
        late.value?.remove()
        storeBox.value = nil
    }

    @Test func middlewareRemovedWhileAnActionIsProcessedSeesNoLaterAction() {
        let store = Self.enumStore()
        let seen = Log<Action>()
        let registration = Slot<RuntimeMiddlewareRegistration>()
        registration.value = store.runtimeMiddlewares.addAfterReducer(extract: { $0 }) { action, _, _, output in
            seen.append(action)
            if action == .apple {
                registration.value?.remove()
                output.dispatch(.increment)
            }
        }
        store.dispatch(.apple)
        store.dispatch(.banana("later"))
        #expect(seen.values == [.apple])
        #expect(store.state == 3)
    }

    @Test func addingAndRemovingFromManyThreadsWhileOthersDispatchLosesNoAction() async {
        let deadline = Deadline()
        let store = Self.enumStore()
        let permanentSeen = Counter()
        let transientSeen = Counter()
        let permanent = store.runtimeMiddlewares.addBeforeReducer(extract: { $0 }) { _, _ in
            permanentSeen.increment()
        }
        let dispatchers = 4
        let perDispatcher = 20_000
        let dispatching = Counter(dispatchers)
        let cycles = Counter()
        let mutators = startThreads(2) { _ in
            while dispatching.value > 0, !deadline.hasPassed {
                let registration = store.runtimeMiddlewares.addBeforeReducer(extract: { $0 }) { _, _ in
                    transientSeen.increment()
                }
                let other = store.runtimeMiddlewares.addAfterReducer(extract: { $0 }) { _, _, _, _ in }
                registration.remove()
                other.remove()
                cycles.increment()
            }
        }
        let finished = startThreads(dispatchers) { _ in
            for _ in 0..<perDispatcher { store.dispatch(.increment) }
            dispatching.decrement()
        }
        let total = dispatchers * perDispatcher
        #expect(await eventually { finished.value == dispatchers && mutators.value == 2 })
        #expect(await eventually { store.state == total })
        #expect(permanentSeen.value == total)
        #expect(transientSeen.value <= 2 * total)
        #expect(cycles.value > 0)
        #expect(store.runtimeMiddlewares.count == 1)
        permanent.remove()
    }

    // MARK: - Duplicates

    /// A middleware class, identified by its instance.
    final class CountingMiddleware: MiddlewareProtocol, Sendable {
        let handled = Counter()

        func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<Action>) {}

        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Action> {
            handled.increment()
            return .pure()
        }
    }

    @Test func addingTheSameInstanceTwiceIsReportedAndItRunsOncePerAction() {
        let reports = Log<StoreDiagnostic>()
        let store = Self.enumStore(diagnostics: StoreDiagnostics { reports.append($0) })
        let middleware = CountingMiddleware()
        let first = store.runtimeMiddlewares.add(middleware)
        let second = store.runtimeMiddlewares.add(middleware)
        // The lifted form is the same instance too.
        let third = store.runtimeMiddlewares.add(
            middleware, inputAction: { $0 }, outputAction: { $0 }, state: { $0 })
        #expect(reports.values.map(\.kind) == [.duplicateRegistration, .duplicateRegistration])
        #expect(first === second && second === third)
        store.dispatch(.apple)
        #expect(middleware.handled.value == 1)
        #expect(store.state == 1)
        // Once removed, the instance may be registered again, without a report.
        first.remove()
        let again = store.runtimeMiddlewares.add(middleware)
        #expect(again !== first)
        #expect(reports.count == 2)
        store.dispatch(.apple)
        #expect(middleware.handled.value == 2)
        again.remove()
    }

    @Test func twoInstancesOfTheSameClassAreNotDuplicates() {
        let reports = Log<StoreDiagnostic>()
        let store = Self.enumStore(diagnostics: StoreDiagnostics { reports.append($0) })
        let first = CountingMiddleware()
        let second = CountingMiddleware()
        let registrations = [store.runtimeMiddlewares.add(first), store.runtimeMiddlewares.add(second)]
        store.dispatch(.apple)
        #expect(reports.values.isEmpty)
        #expect(first.handled.value == 1 && second.handled.value == 1)
        for registration in registrations { registration.remove() }
    }
}
