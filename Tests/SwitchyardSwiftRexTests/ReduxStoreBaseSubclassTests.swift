import SwitchyardSwiftRex
import SwitchyardTestSupport
import Synchronization
import Testing

/// SwiftRex 0.8 apps subclass `ReduxStoreBase` to build their app store; with `import SwitchyardSwiftRex` the subclass
/// compiles as it did and runs a Switchyard store.
@Suite struct ReduxStoreBaseSubclassTests {
    enum AppAction: Sendable, Equatable { case increment, refresh, refreshed }

    struct AppState: Equatable, Sendable {
        var count = 0
        var refreshes = 0
    }

    static var appReducer: Reducer<AppAction, AppState> {
        .reduce { action, state in
            switch action {
            case .increment: state.count += 1
            case .refreshed: state.refreshes += 1
            case .refresh: break
            }
        }
    }

    /// Answers `.refresh` with `.refreshed`, from its IO.
    static var appMiddleware: AnyMiddleware<AppAction, AppAction, AppState> {
        AnyMiddleware { action, _, _ in
            guard action == .refresh else { return .pure() }
            return IO { output in output.dispatch(.refreshed) }
        }
    }

    final class AppStore: ReduxStoreBase<AppAction, AppState>, @unchecked Sendable {
        init() {
            super.init(
                subject: .combine(initialValue: AppState()),
                reducer: ReduxStoreBaseSubclassTests.appReducer,
                middleware: ReduxStoreBaseSubclassTests.appMiddleware,
                scheduling: .callerThread
            )
        }

        /// An app-specific convenience, dispatching from inside the subclass.
        func refresh() {
            dispatch(.refresh)
        }
    }

    @Test func subclassDispatchesRunsItsPipelineAndExposesItsState() {
        let store = AppStore()
        store.dispatch(.increment)
        store.refresh()
        #expect(store.state == AppState(count: 1, refreshes: 1))
        #expect(store.store.state == store.state)
    }

    @Test func anActionSentThroughThePipelineReachesTheStore() {
        let store = AppStore()
        store.pipeline.dispatch(.increment)
        #expect(store.state.count == 1)
        let asProtocol: any ReduxStoreProtocol<AppAction, AppState> = store
        asProtocol.dispatch(.increment)
        #expect(store.state.count == 2)
    }

    @Test func subclassIsObservableThroughSubscribeAndItsStoresStates() async {
        let store = AppStore()
        let observed = Mutex<[AppState]>([])
        let subscription = store.subscribe { state in observed.withLock { $0.append(state) } }
        let states = store.store.states
        store.dispatch(.increment)
        #expect(observed.withLock { $0 } == [AppState(count: 1)])
        let reading = Task { await states.prefix(2).reduce(into: [AppState]()) { $0.append($1) } }
        #expect(await value(of: reading) == [AppState(), AppState(count: 1)])
        subscription.cancel()
    }

    @Test func subclassSendsEachStateToItsSubjectsPublisher() {
        let store = AppStore()
        let published = Mutex<[Int]>([])
        let subscription = store.statePublisher.subscribe(
            SubscriberType(onValue: { state in published.withLock { $0.append(state.count) } }))
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(published.withLock { $0 } == [0, 1, 2])
        subscription.unsubscribe()
    }

    @Test func subclassWorksWhereverAStoreTypeIsExpected() {
        let store = AppStore()
        let asStoreType: any StoreType<AppAction, AppState> = store
        asStoreType.dispatch(.increment)
        let projection = store.projection(action: { (tap: Bool) in tap ? AppAction.increment : nil }, state: \.count)
        projection.dispatch(true)
        #expect(projection.state == 2)
        #expect(asStoreType.state.count == 2)
    }

    @Test func subclassDispatchRecordsTheCallersSource() {
        let store = AppStore()
        let sources = Mutex<[ActionSource]>([])
        let registration = store.store.runtimeMiddlewares.addBeforeReducer(extract: { $0 }) { _, source in
            sources.withLock { $0.append(source) }
        }
        store.dispatch(.increment)
        let line: UInt = #line - 1
        let first = sources.withLock { $0.first }
        #expect(first?.file == "SwitchyardSwiftRexTests/ReduxStoreBaseSubclassTests.swift")
        #expect(first?.function == "subclassDispatchRecordsTheCallersSource()")
        #expect(first?.line == line)
        registration.remove()
    }

    @Test func subclassIsFreedWhenReleased() {
        weak var weakStore: AppStore?
        weak var weakCore: Store<AppAction, AppState>?
        do {
            let store = AppStore()
            store.refresh()
            weakStore = store
            weakCore = store.store
        }
        #expect(weakStore == nil)
        #expect(weakCore == nil)
    }
}
