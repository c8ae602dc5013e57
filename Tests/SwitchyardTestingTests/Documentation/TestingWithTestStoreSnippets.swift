import Dispatch
import Foundation
import Observation
import Switchyard
import SwitchyardTesting
import Synchronization
import Testing

// The code of TestingWithTestStore.md (and of the debounce example of AsyncEffects.md), compiled and run.

enum SearchFeature {
    enum Action: Equatable, Sendable {
        case search(String)
        case results([String])
    }

    struct State: Equatable, Sendable {
        var query = ""
        var results: [String] = []
    }

    protocol SearchAPI: Sendable {
        func search(_ query: String) async throws -> [String]
    }

    struct SearchID: Hashable, Sendable {}

    static let reducer = Reducer<Action, State> { action, state in
        switch action {
        case .search(let query): state.query = query
        case .results(let results): state.results = results
        }
    }

    /// Searches when the user has stopped typing for 300 ms: the latest search wins.
    struct SearchMiddleware<C: Clock<Duration>>: MiddlewareProtocol {
        let api: any SearchAPI
        let clock: C

        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
            switch action {
            case .search(let query):
                return .debounce(id: SearchID(), for: .milliseconds(300), clock: clock) { output in
                    output.dispatch(.results(try await api.search(query)))
                }
            case .results:
                return .pure()
            }
        }
    }
}

struct StubSearchAPI: SearchFeature.SearchAPI {
    func search(_ query: String) async throws -> [String] {
        ["\(query) 1", "\(query) 2"]
    }
}

/// A search API that answers after a network delay on the test's clock, so that a request can be cancelled while
/// it is in flight.
struct DelayedSearchAPI<C: Clock<Duration>>: SearchFeature.SearchAPI {
    let clock: C

    func search(_ query: String) async throws -> [String] {
        try await clock.sleep(for: .milliseconds(100))  // the network
        return ["\(query) 1", "\(query) 2"]
    }
}

@Suite struct SearchFeatureTests {
    @Test func onlyTheLatestSearchRunsAfterTheQuietPeriod() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchFeature.State(),
            reducer: SearchFeature.reducer,
            middleware: SearchFeature.SearchMiddleware(api: StubSearchAPI(), clock: clock)
        )

        await store.send(.search("sw")) { $0.query = "sw" }
        await store.send(.search("swift")) { $0.query = "swift" }

        await clock.advance(by: .milliseconds(300))

        await store.receive(.results(["swift 1", "swift 2"])) { $0.results = ["swift 1", "swift 2"] }
        await store.finish()
    }

    @Test func theMiddlewareAloneDispatchesTheResults() async {
        let tester = MiddlewareTester(
            SearchFeature.SearchMiddleware(api: StubSearchAPI(), clock: ImmediateClock())
        )
        let dispatched = await tester.run(
            .search("swift"),
            stateBefore: SearchFeature.State(),
            stateAfter: SearchFeature.State(query: "swift")
        )
        #expect(dispatched.map(\.action) == [.results(["swift 1", "swift 2"])])
        #expect(dispatched.first?.dispatcher.function == "handle(action:from:state:)")
    }

    @Test func aSearchCancelledInFlightEndsWithTheLatestResults() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchFeature.State(),
            reducer: SearchFeature.reducer,
            middleware: SearchFeature.SearchMiddleware(api: DelayedSearchAPI(clock: clock), clock: clock)
        )
        await store.send(.search("sw")) { $0.query = "sw" }
        await clock.advance(by: .milliseconds(300))  // the request for "sw" starts and waits for the network
        await store.send(.search("swift")) { $0.query = "swift" }  // and is cancelled in flight
        await clock.advance(by: .milliseconds(400))
        await store.receive(.results(["swift 1", "swift 2"])) { $0.results = ["swift 1", "swift 2"] }
        await store.finish()
    }
}

/// The list of the article's views section.
enum ListFeature {
    struct Item: Equatable, Sendable, Identifiable {
        let id: Int
        var isDone = false
    }

    enum ItemAction: Equatable, Sendable {
        case toggle
    }

    enum Action: Equatable, Sendable {
        case item(ElementIDAction<Int, ItemAction>)
    }

    struct State: Equatable, Sendable {
        var items = (1...3).map { Item(id: $0) }
    }

    static let reducer = Reducer<Action, State> { action, state in
        guard case .item(let element) = action,
            let index = state.items.firstIndex(where: { $0.id == element.id })
        else { return }
        state.items[index].isDone.toggle()
    }
}

@Suite struct TestingViewsSnippets {
    /// What the article says of Linux: a `@MainActor` test runs on the main actor, which is not the thread that
    /// Foundation calls main there.
    @MainActor
    @Test func aMainActorTestRunsOnTheMainActorButNotOnFoundationsMainThreadOnLinux() {
        MainActor.assertIsolated()
        #if os(Linux)
            #expect(!Thread.isMainThread)
        #endif
    }

    @MainActor
    @Test(.timeLimit(.minutes(1)), arguments: [SchedulingPolicy.callerThread, .mainThread])
    func theRowThatChangesIsTheOnlyOneInvalidated(policy: SchedulingPolicy) async {
        let store = Store(initialState: ListFeature.State(), reducer: ListFeature.reducer, scheduling: policy)
        let view = store.observable()
        let rows = view.scope(collection: \.items, action: ListFeature.Action.item)

        let invalidated = Mutex<[Int]>([])
        for row in rows {
            withObservationTracking {
                _ = row.isDone
            } onChange: { [id = row.id] in
                invalidated.withLock { $0.append(id) }
            }
        }

        // Sent by the view: processed before `dispatch` returns.
        rows[1].dispatch(.toggle)
        #expect(rows[1].isDone)

        // Dispatched by other threads: wait for the store, then for the main actor.
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            store.dispatch(.item(ElementIDAction(id: 3, action: .toggle)))
        }
        await store.idle()
        #expect(view.items[2].isDone)  // toggled three times
        #expect(invalidated.withLock { $0 } == [2, 3])
    }
}
