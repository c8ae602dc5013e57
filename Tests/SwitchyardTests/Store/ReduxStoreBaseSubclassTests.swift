import Switchyard
import Testing

/// SwiftRex 0.8 apps subclass `ReduxStoreBase` to build their app store; the subclass is a full store.
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
                initialState: AppState(),
                reducer: ReduxStoreBaseSubclassTests.appReducer,
                middleware: ReduxStoreBaseSubclassTests.appMiddleware
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
    }

    @Test func subclassIsObservableThroughSubscribeAndStates() async {
        let store = AppStore()
        let observed = Log<AppState>()
        let subscription = store.subscribe { observed.append($0) }
        var iterator = store.states.makeAsyncIterator()
        store.dispatch(.increment)
        #expect(observed.values == [AppState(count: 1)])
        #expect(await iterator.next() == AppState())
        #expect(await iterator.next() == AppState(count: 1))
        subscription.cancel()
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
        let sources = Log<ActionSource>()
        let registration = store.runtimeMiddlewares.addBeforeReducer(extract: { $0 }) { _, source in
            sources.append(source)
        }
        store.dispatch(.increment)
        let line: UInt = #line - 1
        #expect(sources.values.first?.file == "SwitchyardTests/ReduxStoreBaseSubclassTests.swift")
        #expect(sources.values.first?.function == "subclassDispatchRecordsTheCallersSource()")
        #expect(sources.values.first?.line == line)
        registration.remove()
    }

    @Test func subclassIsFreedWhenReleased() {
        weak var weakStore: AppStore?
        do {
            let store = AppStore()
            store.refresh()
            weakStore = store
        }
        #expect(weakStore == nil)
    }
}
