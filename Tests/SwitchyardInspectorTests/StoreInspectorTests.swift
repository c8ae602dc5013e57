import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

@Suite struct StoreInspectorTests {
    @Test func recordsEachActionWithItsSourceItsStateAndWhetherTheAppDispatchedIt() throws {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.search("swift"), info: "typed"); let line = UInt(#line)
        let entries = inspector.recorder.withState { $0.history.entries(after: nil) }
        try #require(entries.count == 2)
        #expect(entries[0].dispatched.action == .search("swift"))
        #expect(entries[0].dispatched.dispatcher.line == line)
        #expect(entries[0].dispatched.dispatcher.file.hasSuffix("StoreInspectorTests.swift"))
        #expect(entries[0].dispatched.dispatcher.info == "typed")
        #expect(entries[0].isFollowUp == false)
        #expect(entries[0].state.query == "swift")
        #expect(entries[0].state.results.isEmpty)
        #expect(entries[1].dispatched.action == .results(["swift 1", "swift 2"]))
        #expect(entries[1].isFollowUp == true)
        #expect(entries[1].state == store.state)
        #expect(entries.map(\.id) == [1, 2])
        #expect(entries[0].time > Date().timeIntervalSince1970 - 60)
    }

    @Test func aBridgedActionFindsItsOriginAndItsSanitizedNameFartherBackThanOneLookupBatch() {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, capacity: 2_000)
        inspector.actionSanitizer = { action in
            if case .favorite = action { return .favorite("•••") }
            return action
        }
        let bridge = ActionSource(file: "App/Bridge.swift", function: "bridge", line: 7, info: nil)
        store.dispatch(.favorite("origin"), from: bridge)
        // More entries than one lookup reads under the lock, between the origin and the action bridged from it.
        let between = 3 * StoreInspector<AppAction, AppState>.lookupBatch + 1
        for index in 0..<between { store.dispatch(.search("\(index)")) }
        let bridged = ActionSource(
            file: "App/Bridge.swift", function: "bridge", line: 7,
            info: "Bridged from favorite(\"origin\") at App/Bridge.swift:7")
        store.dispatch(.results(["bridged"]), from: bridged)
        let last = inspector.summaries(after: between + 1).entries
        #expect(last.map(\.id) == [between + 2])
        #expect(last.first?.origin == 1)
        #expect(last.first?.source.bridges == ["Bridged from favorite(\"•••\") at App/Bridge.swift:7"])
        // Nothing matches: every batch is read, and the answer is none.
        let unknown = ActionSource(
            file: "App/Bridge.swift", function: "bridge", line: 8, info: "Bridged from search(\"none\") at X.swift:1")
        store.dispatch(.results(["unknown"]), from: unknown)
        let none = inspector.summaries(after: between + 2).entries
        #expect(none.first?.origin == nil)
        #expect(none.first?.source.bridges == ["Bridged from an action no longer in the history at X.swift:1"])
    }

    @Test func aFullHistoryLetsTheOldestGoAndCountsThem() {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, capacity: 3)
        for item in ["a", "b", "c", "d", "e"] { store.dispatch(.favorite(item)) }
        #expect(inspector.count == 3)
        #expect(inspector.dropped == 2)
        #expect(inspector.actions.map(\.action) == [.favorite("c"), .favorite("d"), .favorite("e")])
        let base = inspector.recorder.withState { $0.history.base }
        #expect(base.favorites == ["a", "b"])
        #expect(inspector.state(after: 1) == nil)
        #expect(inspector.state(after: 5)?.favorites == ["a", "b", "c", "d", "e"])
    }

    @Test func jumpingShowsARecordedStateToObserversAndHoldsNewActionsUntilThePresent() async throws {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        let seen = SeenStates()
        let subscription = store.subscribe { seen.append($0) }
        store.dispatch(.search("swift"))
        store.dispatch(.favorite("swift 1"))
        let present = store.state
        #expect(await inspector.jump(to: 1))
        #expect(inspector.mode == .travelling(cursor: 1))
        #expect(store.state == inspector.state(after: 1))
        #expect(seen.all.last == inspector.state(after: 1))
        store.dispatch(.favorite("held"))
        #expect(store.state == inspector.state(after: 1))
        #expect(inspector.held.map(\.action) == [.favorite("held")])
        #expect(inspector.count == 3)
        await inspector.returnToPresent()
        #expect(inspector.mode == .present)
        #expect(inspector.held.isEmpty)
        var expected = present
        expected.favorites.append("held")
        #expect(store.state == expected)
        #expect(seen.all.last == expected)
        #expect(inspector.actions.last?.action == .favorite("held"))
        subscription.cancel()
    }

    @Test func skippingAnActionReplaysTheReducerWithoutItAndUnskippingBringsItBack() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        for item in ["a", "b", "c"] { store.dispatch(.favorite(item)) }
        #expect(await inspector.setSkipped(2, true))
        #expect(store.state.favorites == ["a", "c"])
        #expect(inspector.isSkipped(2) == true)
        #expect(inspector.state(after: 3)?.favorites == ["a", "c"])
        store.dispatch(.favorite("d"))
        #expect(store.state.favorites == ["a", "c", "d"])
        #expect(await inspector.setSkipped(2, false))
        #expect(store.state.favorites == ["a", "b", "c", "d"])
        #expect(await inspector.setSkipped(99, true) == false)
    }

    @Test func aStoreWithAnInspectorIsFreedAndTheInspectorThenRefusesToTravel() async {
        var store: Store<AppAction, AppState>? = makeStore()
        weak let weakStore = store
        let inspector = StoreInspector(inspecting: store!)
        store?.dispatch(.search("x"))
        store = nil
        #expect(weakStore == nil)
        #expect(await inspector.jump(to: 1) == false)
    }

    @Test func detachingStopsRecordingAndReleasesHeldActions() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        #expect(await inspector.jump(to: 1))
        store.dispatch(.favorite("b"))
        inspector.detach()
        store.dispatch(.favorite("c"))
        #expect(store.state.favorites == ["a", "b", "c"])
        #expect(inspector.count == 1)
    }

    @Test func recordingUnderContentionKeepsEveryActionOnce() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, capacity: 100_000)
        let threads = 8
        let perThread = 500
        let dispatching = Task {
            await withTaskGroup(of: Void.self) { group in
                for thread in 0..<threads {
                    group.addTask {
                        for index in 0..<perThread { store.dispatch(.favorite("\(thread)-\(index)")) }
                    }
                }
            }
        }
        #expect(await value(of: dispatching) != nil)
        #expect(await eventually { store.state.favorites.count == threads * perThread })
        #expect(inspector.count == threads * perThread)
        let recorded = inspector.actions.map(\.action)
        #expect(Set(recorded.map { "\($0)" }).count == threads * perThread)
        #expect(inspector.state(after: threads * perThread) == store.state)
    }
}

@Suite struct MainThreadInspectorTests {
    @Test func withTheMainThreadPolicyTheJumpIsCommittedAndObservedOnTheMainThread() async {
        let store = Store(initialState: AppState(), reducer: appReducer, scheduling: .mainThread)
        let inspector = StoreInspector(inspecting: store)
        await MainActor.run {
            store.dispatch(.favorite("a"))
            store.dispatch(.favorite("b"))
        }
        let onMain = LockedValue<[Bool]>([])
        let subscription = store.subscribe { _ in onMain.withLock { $0.append(MainThread.isCurrent) } }
        #expect(await inspector.jump(to: 1))
        #expect(store.state.favorites == ["a"])
        await inspector.returnToPresent()
        #expect(store.state.favorites == ["a", "b"])
        #expect(onMain.withLock { $0 } == [true, true])
        subscription.cancel()
    }
}
