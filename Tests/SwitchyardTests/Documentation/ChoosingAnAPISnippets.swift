import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

// The code of ChoosingAnAPI.md, compiled. DocumentationTests checks that every Swift block of the article appears
// here verbatim (leading whitespace and blank lines aside); ChoosingAnAPITests runs it.

struct ChoosingAnAPISnippets {
    /// Counts what a probe is told, from any thread.
    final class ActionCounter: Sendable {
        private let count = Atomic(0)
        func add() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    enum CounterAction: Sendable, Equatable {
        case increment
        case reset
    }

    struct CounterState: Sendable, Equatable {
        var count = 0
    }

    func makeCounterStore() -> Store<CounterAction, CounterState> {
        Store(
            initialState: CounterState(),
            reducer: Reducer { action, state in
                switch action {
                case .increment: state.count += 1
                case .reset: state.count = 0
                }
            }
        )
    }

    func tapIncrement(on store: Store<CounterAction, CounterState>) {
        store.dispatch(.increment)
    }

    func logChanges(of store: Store<CounterAction, CounterState>) -> StoreSubscription {
        store.subscribe { state in
            print("count is now \(state.count)")
        }
    }

    func firstCount(atLeast target: Int, in store: Store<CounterAction, CounterState>) async -> Int? {
        for await state in store.states where state.count >= target {
            return state.count
        }
        return nil
    }

    func incrementTwice(_ store: Store<CounterAction, CounterState>) async -> Int {
        store.dispatch(.increment)
        store.dispatch(.increment)
        await store.idle()
        return store.state.count
    }

    func countActions(
        of store: Store<CounterAction, CounterState>, into counter: ActionCounter
    ) -> StoreProbeRegistration<CounterAction, CounterState> {
        store.attach(StoreProbe(didReduce: { _ in counter.add() }))
    }
}

/// The article's functions do what it says they do.
@Suite struct ChoosingAnAPITests {
    typealias Snippets = ChoosingAnAPISnippets
    let snippets = ChoosingAnAPISnippets()

    @Test func dispatchingThenIdleGivesTheStateAfterEveryAction() async {
        let store = snippets.makeCounterStore()
        let incrementing = Task { [snippets] in await snippets.incrementTwice(store) }
        #expect(await value(of: incrementing) == 2)
        snippets.tapIncrement(on: store)
        await waitUntilIdle(store)
        #expect(store.state.count == 3)
    }

    @Test func theStatesSequenceStartsWithTheCurrentStateAndFollowsTheChanges() async {
        let store = snippets.makeCounterStore()
        store.dispatch(.increment)
        await waitUntilIdle(store)
        let reading = Task { [snippets] in await snippets.firstCount(atLeast: 3, in: store) }
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(await value(of: reading) == 3)
    }

    @Test func aProbeCountsEveryActionUntilItIsDetached() async {
        let store = snippets.makeCounterStore()
        let counter = Snippets.ActionCounter()
        let registration = snippets.countActions(of: store, into: counter)
        store.dispatch(.increment)
        store.dispatch(.reset)
        await waitUntilIdle(store)
        #expect(counter.value == 2)
        registration.detach()
        store.dispatch(.increment)
        await waitUntilIdle(store)
        #expect(counter.value == 2)
        #expect(store.state.count == 1)
    }

    @Test func aSubscriptionIsCalledAtEachChangeUntilCancelled() async {
        let store = snippets.makeCounterStore()
        let subscription = snippets.logChanges(of: store)
        store.dispatch(.increment)
        await waitUntilIdle(store)
        subscription.cancel()
        store.dispatch(.increment)
        await waitUntilIdle(store)
        #expect(store.state.count == 2)
    }
}
