import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// The documentation's snippets do what their articles say they do.
@Suite struct DocumentationBehaviorTests {
    /// Records every action a store processes, with its source, through the runtime registry.
    final class ActionLog<Action: Sendable>: @unchecked Sendable {
        private let recorder = Recorder<Action>()
        var registration: RuntimeMiddlewareRegistration?

        init<State>(_ store: Store<Action, State>) {
            registration = store.runtimeMiddlewares.addBeforeReducer(extract: { (action: Action) -> Action? in action })
            {
                [recorder] action, source in
                recorder.append(DispatchedAction(action, dispatcher: source))
            }
        }

        var actions: [Action] { recorder.actions }
        var sources: [ActionSource] { recorder.values.map(\.dispatcher) }
    }

    // MARK: GettingStarted.md

    @Test func gettingStartedCounterReachesThree() {
        #expect(GettingStartedSnippets.counterApp().state.count == 3)
    }

    @Test func gettingStartedHistoryMiddlewareRecordsBeforeAndAfter() {
        let log = DocumentationLog()
        let store = Store(
            initialState: GettingStartedSnippets.CounterState(),
            reducer: Reducer { action, state in if case .increment = action { state.count += 1 } },
            middleware: GettingStartedSnippets.HistoryMiddleware(record: { log.append($0) })
        )
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(log.lines == ["increment: 0 → 1", "increment: 1 → 2"])
    }

    @Test func gettingStartedObserverSeesOneChangeThenNothingAfterCancel() {
        let store = GettingStartedSnippets.counterApp()
        let seen = DocumentationLog()
        let subscription = store.subscribe { seen.append("\($0.count)") }
        store.dispatch(.decrement)
        subscription.cancel()
        store.dispatch(.decrement)
        #expect(seen.lines == ["2"])
        GettingStartedSnippets.subscribeAndCancel(store)
        #expect(store.state.count == -1)
    }

    @Test func gettingStartedAsyncLoopReturnsWhenTheCountIsReached() async {
        let store = GettingStartedSnippets.counterApp()
        let waiter = Task { await GettingStartedSnippets.waitForCount(5, in: store) }
        store.dispatch(.increment)
        store.dispatch(.increment)
        let state = await value(of: waiter) ?? nil
        #expect(state?.count == 5)
    }

    // MARK: WritingMiddlewares.md

    @Test func writingMiddlewaresToggleIsSavedBeforeDispatchReturns() {
        let (store, appStore) = WritingMiddlewaresSnippets.stores()
        #expect(store.state == WritingMiddlewaresSnippets.FavoritesState(favorites: [42], pending: []))
        #expect(appStore.state.favorites == [7])
    }

    @Test func writingMiddlewaresFailureClearsPending() {
        let api = WritingMiddlewaresSnippets.FavoritesAPI(save: { _, _, done in done(false) })
        let store = Store(
            initialState: WritingMiddlewaresSnippets.FavoritesState(),
            reducer: WritingMiddlewaresSnippets.favoritesReducer,
            middleware: WritingMiddlewaresSnippets.FavoritesMiddleware(api: api)
        )
        store.dispatch(.toggle(movieID: 1))
        #expect(store.state == WritingMiddlewaresSnippets.FavoritesState())
    }

    @Test func writingMiddlewaresSavedActionComesFromTheMiddleware() {
        typealias Snippets = WritingMiddlewaresSnippets
        let log = DocumentationLog()
        let api = Snippets.FavoritesAPI(save: { _, _, done in done(true) })
        let store = Store(
            initialState: Snippets.FavoritesState(),
            reducer: Snippets.favoritesReducer,
            middleware: Snippets.SourceLogger<Snippets.FavoritesAction, Snippets.FavoritesState>(record: log.append)
                <> Snippets.FavoritesMiddleware(api: api) <> Snippets.tracker
        )
        store.dispatch(.toggle(movieID: 42), info: "tapped the star")
        let lines = log.lines
        #expect(lines.count == 4)
        #expect(lines[1] == "  info: tapped the star")
        #expect(
            lines[2].hasPrefix("saved(movieID: 42, isFavorite: true) from SwitchyardTests/WritingMiddlewaresSnippets"))
        #expect(lines[2].hasSuffix(" in handle(action:from:state:)"))
        #expect(lines[3] == "  info: FavoritesAPI.save")
    }

    @Test func writingMiddlewaresForwardKeepsTheSourceAndAddsInfo() {
        let recorder = Recorder<WritingMiddlewaresSnippets.FavoritesAction>()
        let source = ActionSource(file: "App/Sync.swift", function: "sync()", line: 7, info: nil)
        WritingMiddlewaresSnippets.forwardOnce(.failed(movieID: 3), from: source, to: AnyActionHandler(recorder.append))
        #expect(
            recorder.values.map(\.dispatcher)
                == [
                    ActionSource(
                        file: "App/Sync.swift", function: "sync()", line: 7, info: "forwarded by the sync service")
                ]
        )
    }

    // MARK: LiftingAndComposing.md

    @Test func liftingAndComposingCounterReachesTenAndReportsIt() {
        let store = LiftingAndComposingSnippets.appStore()
        let log = ActionLog(store)
        for _ in 1...10 { store.dispatch(.counter(.increment)) }
        store.dispatch(.settings(.toggleSound))
        #expect(store.state.counter.count == 10)
        #expect(store.state.soundOn == false)
        #expect(log.actions.filter { $0 == .counter(.reachedTen) }.count == 1)
        #expect(log.actions[10] == .counter(.reachedTen))
    }

    @Test func liftingAndComposingAnErasedCompositionKeepsItsMiddlewaresLifted() {
        #expect(LiftingAndComposingSnippets.erasedComposition().erasedComposition?.members.count == 2)
    }

    @Test func liftingAndComposingCollectionActionsReachTheirElementOnly() {
        typealias Snippets = LiftingAndComposingSnippets
        let todos = [Snippets.Todo(id: 1, title: "Buy milk"), Snippets.Todo(id: 2, title: "Walk")]
        let store = Snippets.listStore(todos: todos)
        let log = ActionLog(store)
        store.dispatch(.todo(ElementIDAction(id: 2, action: .toggle)))
        #expect(store.state.todos.map(\.isDone) == [false, true])
        #expect(log.actions.last == .todo(ElementIDAction(id: 2, action: .synced(isDone: true))))
        store.dispatch(.todo(ElementIDAction(id: 99, action: .toggle)))
        store.dispatch(.todoAt(ElementIndexAction(index: 5, action: .toggle)))
        #expect(store.state.todos.map(\.isDone) == [false, true])
        store.dispatch(.todoAt(ElementIndexAction(index: 0, action: .toggle)))
        #expect(store.state.todos.map(\.isDone) == [true, true])
        #expect(log.actions.last == .todoAt(ElementIndexAction(index: 0, action: .synced(isDone: true))))
    }

    // MARK: BridgingModules.md

    @Test func bridgingModulesEveryFormDispatchesItsDerivedAction() {
        typealias Snippets = BridgingModulesSnippets
        let store = Store(
            initialState: Snippets.AppState(), reducer: Snippets.appReducer, middleware: Snippets.middlewares().bridges)
        let log = ActionLog(store)
        store.dispatch(.lifecycle(.didBecomeActive))
        store.dispatch(.search(.queryChanged("swift")))
        store.dispatch(.lifecycle(.didEnterBackground))
        #expect(
            log.actions == [
                .lifecycle(.didBecomeActive), .reachability(.startMonitoring),
                .search(.queryChanged("swift")), .analytics("searched swift"), .analytics("last: swift"),
                .lifecycle(.didEnterBackground), .reachability(.stopMonitoring),
            ])
        let original = log.sources[0]
        let bridged = log.sources[1]
        #expect(bridged.file == original.file && bridged.line == original.line)
        #expect(bridged.info?.hasPrefix("Bridged from lifecycle(") == true)
        #expect(bridged.info?.contains("at BridgingModulesSnippets.swift, middlewares():") == true)
    }

    @Test func bridgingModulesComposedFunctionsAndABridgeOnItsOwn() {
        typealias Snippets = BridgingModulesSnippets
        let store = Store(
            initialState: Snippets.AppState(), reducer: Snippets.appReducer, middleware: Snippets.middlewares().composed
        )
        let log = ActionLog(store)
        store.dispatch(.search(.queryChanged("dune")))
        #expect(log.actions == [.search(.queryChanged("dune")), .search(.load(query: "dune"))])
        #expect(Snippets.aBridgeOnItsOwn() == .reachability(.startMonitoring))
    }

    @Test func bridgingModulesPredicatesDecideAfterTheReducer() {
        typealias Snippets = BridgingModulesSnippets
        var state = Snippets.AppState()
        state.settings.reachabilityOptions = .never
        let store = Store(initialState: state, reducer: Snippets.appReducer, middleware: Snippets.middlewares().guarded)
        let log = ActionLog(store)
        store.dispatch(.lifecycle(.didBecomeActive))
        store.dispatch(.lifecycle(.didEnterBackground))
        #expect(
            log.actions == [
                .lifecycle(.didBecomeActive), .lifecycle(.didEnterBackground), .reachability(.stopMonitoring),
            ])
    }

    // MARK: RuntimeMiddlewares.md

    @Test func runtimeMiddlewaresRunAndAreRemovedOneByOne() {
        typealias Snippets = RuntimeMiddlewaresSnippets
        let store = Store(initialState: Snippets.ShopState(), reducer: Snippets.shopReducer)
        let registrations = Snippets.register(on: store)
        let log = ActionLog(store)
        #expect(store.runtimeMiddlewares.count == 5)
        store.dispatch(.add("apple"))
        // IOs run in reverse registration order: the first-item note is dispatched before the save.
        #expect(log.actions == [.add("apple"), .note("first item: apple"), .saved(itemCount: 1)])
        #expect(store.state == Snippets.ShopState(items: ["apple"], saves: 1))
        registrations[1].remove()
        store.dispatch(.add("pear"))
        #expect(store.state == Snippets.ShopState(items: ["apple", "pear"], saves: 1))
        #expect(store.runtimeMiddlewares.count == 4)
    }

    @Test func runtimeMiddlewaresCastProtocolTypedActions() {
        let (store, registration) = RuntimeMiddlewaresSnippets.eventStore()
        store.dispatch(RuntimeMiddlewaresSnippets.Purchase(item: "book"))
        store.dispatch(RuntimeMiddlewaresSnippets.Refund(item: "book"))
        #expect(store.state == 1)
        registration.remove()
        #expect(store.runtimeMiddlewares.count == 0)
    }

    @Test func runtimeMiddlewaresReportADuplicateAndRunItOnce() {
        final class Counting: MiddlewareProtocol, @unchecked Sendable {
            let log = DocumentationLog()
            func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
                log.append("\(action)")
                return .pure()
            }
        }
        let reports = DocumentationLog()
        let store = Store(
            initialState: 0, reducer: Reducer<Int, Int>.identity,
            diagnostics: StoreDiagnostics { reports.append("\($0.kind)") })
        let shared = Counting()
        let first = store.runtimeMiddlewares.add(shared)
        let second = store.runtimeMiddlewares.add(shared)
        store.dispatch(1)
        #expect(first === second)
        #expect(shared.log.lines == ["1"])
        #expect(reports.lines == ["duplicateRegistration"])
    }

    // MARK: ThreadingAndOrdering.md

    @Test func threadingAndOrderingIOFinishesBeforeTheNextActionStarts() {
        let log = DocumentationLog()
        let store = Store(
            initialState: [String](),
            reducer: Reducer<ThreadingAndOrderingSnippets.Step, [String]> { action, state in
                state.append("\(action)")
            },
            middleware: ThreadingAndOrderingSnippets.ChainMiddleware(trace: log.append)
        )
        store.dispatch(.first)
        #expect(
            log.lines == [
                "handle first, state []",
                #"IO of first, state ["first"]"#,
                "IO of first done",
                #"handle second, state ["first"]"#,
                #"IO of second, state ["first", "second"]"#,
                "IO of second done",
            ])
        #expect(ThreadingAndOrderingSnippets.stepsStore().state == ["first", "second"])
    }

    @Test func threadingAndOrderingNeverKeepsTheStateButDoesNotNotify() {
        let store = ThreadingAndOrderingSnippets.quietStore()
        #expect(store.state.count == 1)
        let seen = DocumentationLog()
        let subscription = store.subscribe { seen.append("\($0.count)") }
        store.dispatch(.increment)
        subscription.cancel()
        #expect(store.state.count == 2)
        #expect(seen.lines.isEmpty)
    }

    @Test func threadingAndOrderingOtherStoresWork() {
        let checked = ThreadingAndOrderingSnippets.checkedStore()
        checked.dispatch(.increment)
        #expect(checked.state.count == 1)
        let (uiStore, subscription) = ThreadingAndOrderingSnippets.mainThreadStore()
        #expect(uiStore.scheduling == .mainThread)
        subscription.cancel()
    }

    // MARK: MigratingFromSwiftRex.md

    @Test func migratingFromSwiftRexStoresProcessActions() {
        typealias Snippets = MigratingFromSwiftRexSnippets
        let store = Snippets.oneLineStore(world: Snippets.World())
        store.dispatch(.show(["Dune"]))
        #expect(store.state.visibleItems == ["Dune"])
        let appStore = Snippets.StoreFactory().makeAppStore(world: Snippets.World())
        appStore.dispatch(.show(["Alien"]))
        #expect(appStore.state.visibleItems == ["Alien"])
        let (task, subscription) = Snippets.observeBothWays(appStore)
        task.cancel()
        subscription.cancel()
    }

    @Test func migratingFromSwiftRexWhenKeepsTheStateAndNotifiesOnChangeOnly() {
        let store = MigratingFromSwiftRexSnippets.visibleItemsStore()
        let seen = DocumentationLog()
        let subscription = store.subscribe { seen.append($0.visibleItems.joined()) }
        store.dispatch(.show(["a"]))
        store.dispatch(.show(["a"]))
        store.dispatch(.show(["b"]))
        subscription.cancel()
        #expect(seen.lines == ["a", "b"])
        #expect(store.state.visibleItems == ["b"])
    }

    @Test func migratingFromSwiftRexDeprecatedMiddlewareStillRuns() {
        let runner: any SwiftRexLegacySnippetRunning = SwiftRexLegacySnippetRunner()
        #expect(runner.runAnalyticsMiddleware().visibleItems == ["Dune", "Alien"])
    }

    // MARK: MigratingFromReSwift.md

    @Test func migratingFromReSwiftReducerAndRuntimeMiddleware() {
        typealias Snippets = MigratingFromReSwiftSnippets
        let result = Snippets.run([Snippets.Increment(), Snippets.BananaAction(bananas: 3), Snippets.Increment()])
        #expect(result.state == Snippets.AppState(counter: 2, bananas: 3))
        #expect(result.bananas == [3])
    }

    // MARK: ExtendingTheStore.md

    @Test func extendingTheStoreTimerCountsWhileAttachedOnly() {
        let store = Store<Int, [Int]>(initialState: [], reducer: Reducer { action, state in state.append(action) })
        let timer = ExtendingTheStoreSnippets.ReducerTimer()
        let registration = timer.attach(to: store)
        for value in 1...3 { store.dispatch(value) }
        registration.detach()
        store.dispatch(4)
        #expect(timer.totals.actions == 3)
        #expect(store.state == [1, 2, 3, 4])
    }

    @Test func extendingTheStorePauseHoldsActionsAndGivesThemBackInOrder() async {
        let store = Store<Int, [Int]>(initialState: [], reducer: Reducer { action, state in state.append(action) })
        let pause = ExtendingTheStoreSnippets.Pause(store)
        store.dispatch(1)
        pause.pause()
        store.dispatch(2)
        let other = Thread { store.dispatch(3) }
        other.start()
        await waitUntil { pause.heldCountForTests == 2 }
        #expect(store.state == [1])
        let resumed = Signal()
        Task {
            await pause.resume()
            resumed.send()
        }
        let arrived = await resumed.arrives(within: .seconds(300))
        #expect(arrived)
        store.dispatch(4)
        #expect(store.state == [1, 2, 3, 4])
    }

    // MARK: README.md

    @Test func readmeCounterIncrements() {
        #expect(ReadmeSnippets.dispatchOnce() == 1)
    }
}
