import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

/// A locked store holds every new action, the app's and the follow-ups, and processes them in order on unlock.
@Suite struct InspectorLockTests {
    @Test func aLockedStoreHoldsTheAppsActionsAndTheirFollowUpsUntilUnlocked() async {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        inspector.lock()
        #expect(inspector.isLocked)
        #expect(inspector.status().locked)
        store.dispatch(.search("swift"))
        store.dispatch(.favorite("b"))
        #expect(store.state.favorites == ["a"])
        #expect(store.state.query == "")
        #expect(inspector.held.map(\.action) == [.search("swift"), .favorite("b")])
        #expect(inspector.status().held == 2)
        #expect(inspector.mode == .present)
        await inspector.unlock()
        #expect(inspector.isLocked == false)
        #expect(await eventually { store.state.results == ["swift 1", "swift 2"] })
        #expect(store.state.favorites == ["a", "b"])
        #expect(inspector.held.isEmpty)
        // The held ones went first, then the follow-up of the search, which ran while unlocked.
        #expect(
            inspector.actions.map(\.action) == [
                .favorite("a"), .search("swift"), .favorite("b"), .results(["swift 1", "swift 2"]),
            ])
        #expect(inspector.summaries(after: nil).entries.map(\.held) == [false, true, true, false])
        await inspector.unlock()
        #expect(store.state.favorites == ["a", "b"])
    }

    /// The inspector's holding probe is on the store only while it may hold actions: the rest of the time, no hook of
    /// the inspector's runs before an action's middlewares.
    @Test func theInspectorHoldsWithAProbeOfItsOwnOnlyWhileLockedOrTravelling() async {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        func isHolding() -> Bool { inspector.holdRegistration.withLock { $0 != nil } }
        #expect(!isHolding())
        store.dispatch(.favorite("a"))
        store.dispatch(.favorite("b"))
        inspector.lock()
        #expect(isHolding())
        store.dispatch(.favorite("c"))
        #expect(inspector.held.map(\.action) == [.favorite("c")])
        await inspector.unlock()
        #expect(!isHolding())
        #expect(store.state.favorites == ["a", "b", "c"])
        #expect(await inspector.jump(to: 1))
        #expect(isHolding())
        store.dispatch(.favorite("d"))
        #expect(inspector.held.map(\.action) == [.favorite("d")])
        await inspector.returnToPresent()
        #expect(!isHolding())
        #expect(store.state.favorites == ["a", "b", "c", "d"])
        // A jump to an action that is not in the history holds nothing.
        #expect(await inspector.jump(to: 99) == false)
        #expect(!isHolding())
        inspector.lock()
        inspector.detach()
        #expect(!isHolding())
    }

    @Test func aFollowUpDispatchedWhileLockedIsHeldToo() async {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        // The search is processed before the lock, its follow-up after it.
        let middlewareRan = LockedValue(false)
        let subscription = store.subscribe { state in
            if state.query == "swift", !middlewareRan.withLock({ $0 }) {
                middlewareRan.withLock { $0 = true }
                inspector.lock()
            }
        }
        store.dispatch(.search("swift"))
        #expect(await eventually { inspector.held.count == 1 })
        #expect(inspector.held.first?.action == .results(["swift 1", "swift 2"]))
        #expect(store.state.results.isEmpty)
        await inspector.unlock()
        #expect(await eventually { store.state.results == ["swift 1", "swift 2"] })
        subscription.cancel()
    }

    @Test func returningToThePresentWhileLockedKeepsTheHeldActionsUntilUnlocked() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        store.dispatch(.favorite("b"))
        #expect(await inspector.jump(to: 1))
        inspector.lock()
        store.dispatch(.favorite("c"))
        await inspector.unlock()
        // Still travelling: held.
        #expect(store.state.favorites == ["a"])
        #expect(inspector.held.count == 1)
        inspector.lock()
        await inspector.returnToPresent()
        #expect(store.state.favorites == ["a", "b"])
        #expect(inspector.held.count == 1)
        await inspector.unlock()
        #expect(await eventually { store.state.favorites == ["a", "b", "c"] })
    }

    @Test func theHeldLimitUnlocksTheStoreByItselfAndProcessesEveryHeldAction() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, heldLimit: 3)
        inspector.lock()
        for item in ["a", "b", "c", "d"] { store.dispatch(.favorite(item)) }
        #expect(await eventually { store.state.favorites == ["a", "b", "c", "d"] })
        #expect(inspector.isLocked == false)
        #expect(inspector.heldLimitReturns == 1)
        #expect(inspector.held.isEmpty)
    }

    @Test func holdingAnActionSignalsThePagesSoThatTheHeldCountIsLive() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        let page = SignalCounter(inspector)
        inspector.lock()
        #expect(await page.receives(after: 0))
        let afterLock = page.count
        store.dispatch(.favorite("b"))
        #expect(await page.receives(after: afterLock))
        let afterFirst = page.count
        store.dispatch(.favorite("c"))
        #expect(await page.receives(after: afterFirst))
        await inspector.unlock()
        // While travelling too.
        #expect(await inspector.jump(to: 1))
        let afterJump = page.count
        store.dispatch(.favorite("d"))
        #expect(await page.receives(after: afterJump))
        await inspector.returnToPresent()
        page.stop()
    }

    @Test func underContentionEveryActionIsHeldThenProcessedOnceInEachThreadsOrderAfterUnlock() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, capacity: 10_000)
        let threads = 8
        let perThread = 250
        inspector.lock()
        let started = DispatchGroup()
        for thread in 0..<threads {
            started.enter()
            Thread.detachNewThread {
                for index in 0..<perThread { store.dispatch(.favorite("\(thread)-\(index)")) }
                started.leave()
            }
        }
        // Every dispatch returned; the actions dispatched while locked are all held.
        #expect(await eventually { inspector.held.count == threads * perThread })
        #expect(store.state.favorites.isEmpty)
        #expect(inspector.count == 0)
        await inspector.unlock()
        #expect(await eventually { store.state.favorites.count == threads * perThread })
        let favorites = store.state.favorites
        #expect(Set(favorites).count == threads * perThread)
        for thread in 0..<threads {
            let order = favorites.filter { $0.hasPrefix("\(thread)-") }.map { Int($0.split(separator: "-")[1])! }
            #expect(order == Array(0..<perThread))
        }
        #expect(inspector.count == threads * perThread)
        #expect(inspector.summaries(after: nil).entries.allSatisfy { $0.held })
        _ = started.wait(timeout: .now() + 5)
    }

    @Test func actionsQueuedWhenTheUnlockCommitsAreProcessedAfterTheHeldOnes() async throws {
        // With the main-thread policy, actions dispatched off the main thread wait in the store's queue while the
        // main thread is busy: the unlock's commit runs ahead of them, and the held actions go first.
        let store = Store(initialState: AppState(), reducer: appReducer, scheduling: .mainThread)
        let inspector = StoreInspector(inspecting: store, capacity: 10_000)
        inspector.lock()
        for index in 0..<50 { store.dispatch(.favorite("held-\(index)")) }
        #expect(await eventually { inspector.held.count == 50 })
        let gate = DispatchSemaphore(value: 0)
        let mainIsBlocked = LockedValue(false)
        DispatchQueue.main.async {
            mainIsBlocked.withLock { $0 = true }
            gate.wait(orRecordAfter: defaultWaitTimeout)
        }
        #expect(await eventually { mainIsBlocked.withLock { $0 } })
        for index in 0..<50 { store.dispatch(.favorite("queued-\(index)")) }
        let unlocking = Task { await inspector.unlock() }
        try await Task.sleep(for: .milliseconds(100))
        gate.signal()
        #expect(await value(of: unlocking) != nil)
        #expect(await eventually { store.state.favorites.count == 100 })
        #expect(
            store.state.favorites == (0..<50).map { "held-\($0)" } + (0..<50).map { "queued-\($0)" })
        #expect(inspector.held.isEmpty)
    }

    @Test func actionsDispatchedDuringTheUnlockComeAfterTheHeldOnes() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, capacity: 10_000)
        inspector.lock()
        for index in 0..<100 { store.dispatch(.favorite("held-\(index)")) }
        let dispatcher = Task.detached {
            for index in 0..<500 { store.dispatch(.favorite("after-\(index)")) }
        }
        await inspector.unlock()
        #expect(await value(of: dispatcher) != nil)
        #expect(await eventually { store.state.favorites.count == 600 })
        let favorites = store.state.favorites
        #expect(Array(favorites.prefix(100)) == (0..<100).map { "held-\($0)" })
        #expect(favorites.filter { $0.hasPrefix("after-") } == (0..<500).map { "after-\($0)" })
    }
}
