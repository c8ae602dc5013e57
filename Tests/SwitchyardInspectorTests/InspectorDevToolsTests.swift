import Foundation
import Switchyard
import Testing

@testable import SwitchyardInspector

/// Pausing, filtering, committing, reverting and sweeping, and replays across the gaps that pauses and filters leave.
@Suite struct InspectorDevToolsTests {
    @Test func aPausedInspectorLetsActionsRunWithoutRecordingThemAndRecordsAgainOnResume() {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        inspector.pauseRecording()
        #expect(inspector.isRecordingPaused)
        #expect(inspector.status().paused)
        store.dispatch(.favorite("b"))
        #expect(store.state.favorites == ["a", "b"])
        #expect(inspector.actions.map(\.action) == [.favorite("a")])
        #expect(inspector.status().notRecorded == 1)
        inspector.resumeRecording()
        store.dispatch(.favorite("c"))
        #expect(inspector.actions.map(\.action) == [.favorite("a"), .favorite("c")])
        #expect(inspector.status().paused == false)
        #expect(inspector.summaries(after: nil).entries.map(\.gap) == [false, true])
    }

    @Test func anActionRecordedBeforeAGapCannotBeSkippedAndOneAfterItReplaysFromTheStateTheStoreHadThen() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = inspectWithAGap(store)
        #expect(inspector.refusalToSkip(1) == InspectorRefusal(.gapAfter(1)))
        #expect(inspector.status().skippableFrom == 2)
        #expect(await inspector.setSkipped(1, true) == false)
        #expect(inspector.isSkipped(1) == false)
        #expect(store.state.favorites == ["a", "b", "c"])
        // After the gap, the replay starts from the state the store had before #2, with "b".
        #expect(inspector.refusalToSkip(2) == nil)
        #expect(await inspector.setSkipped(2, true))
        #expect(store.state.favorites == ["a", "b"])
        #expect(await inspector.setSkipped(2, false))
        #expect(store.state.favorites == ["a", "b", "c"])
    }

    @Test func actionsLeftOutAfterTheNewestEntryForbidEverySkipAndTheReturnGivesBackTheTruePresent() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        store.dispatch(.favorite("b"))
        inspector.pauseRecording()
        store.dispatch(.favorite("c"))
        #expect(inspector.refusalToSkip(2) == InspectorRefusal(.gapAfter(2)))
        #expect(inspector.status().skippableFrom == 3)
        #expect(await inspector.setSkipped(2, true) == false)
        // A jump shows a recorded state, which the app had; the return gives back the state after "c".
        #expect(await inspector.jump(to: 1))
        #expect(store.state.favorites == ["a"])
        await inspector.returnToPresent()
        #expect(store.state.favorites == ["a", "b", "c"])
        #expect(inspector.refusalToSkip(99) == InspectorRefusal(.notInHistory(99)))
    }

    @Test func aDenyListLeavesItsCasesOutAndAnAllowListKeepsOnlyItsOwn() async {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        inspector.setFilter(allow: nil, deny: ["results"])
        store.dispatch(.search("swift"))
        store.dispatch(.favorite("a"))
        #expect(inspector.actions.map(\.action) == [.search("swift"), .favorite("a")])
        #expect(store.state.results == ["swift 1", "swift 2"])
        #expect(inspector.deniedActions == ["results"])
        #expect(inspector.status().deny == ["results"])
        // The follow-up left out is a gap: #1 cannot be skipped, #2 can.
        #expect(inspector.refusalToSkip(1) == InspectorRefusal(.gapAfter(1)))
        #expect(inspector.refusalToSkip(2) == nil)
        inspector.setFilter(allow: ["favorite"])
        store.dispatch(.search("rust"))
        store.dispatch(.favorite("b"))
        #expect(inspector.actions.map(\.action) == [.search("swift"), .favorite("a"), .favorite("b")])
        #expect(inspector.allowedActions == ["favorite"])
        #expect(inspector.status().allow == ["favorite"])
        inspector.setFilter(allow: nil)
        store.dispatch(.favorite("c"))
        #expect(inspector.actions.last?.action == .favorite("c"))
        #expect(inspector.status().allow == nil)
        #expect(inspector.status().notRecorded == 3)
    }

    @Test func theCaseNameIsTheOneThePageShowsWithoutItsPayload() {
        #expect(ActionCaseNames.shared.name(of: AppAction.search("a(b)")) == "search")
        #expect(ActionCaseNames.shared.name(of: AppAction.favorite("x")) == "favorite")
        #expect(ActionCaseNames.shared.name(of: NestedAction.reset) == "reset")
        #expect(ActionCaseNames.shared.name(of: NestedAction.child(.tap(1))) == "child")
    }

    @Test func theListsNameAnActionByItsCaseWhateverItsDescriptionSays() {
        let store = Store(initialState: 0, reducer: Reducer<DescribedAction, Int> { _, count in count += 1 })
        let inspector = StoreInspector(inspecting: store)
        inspector.setFilter(allow: nil, deny: ["tick"])
        store.dispatch(.tick)
        store.dispatch(.tap(2))
        // `tick` describes itself as "Clock (1 s)": the deny list still names it by its case.
        #expect(inspector.actions.map(\.action) == [.tap(2)])
        #expect(inspector.status().notRecorded == 1)
        inspector.setFilter(allow: ["tap"])
        store.dispatch(.tap(3))
        store.dispatch(.tick)
        #expect(inspector.actions.map(\.action) == [.tap(2), .tap(3)])
    }

    @Test func aCommitMakesThePresentTheBaseEmptiesTheHistoryAndNumbersGoOn() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        inspector.pauseRecording()
        store.dispatch(.favorite("b"))
        try inspector.commit()
        #expect(inspector.count == 0)
        #expect(inspector.recorder.withState { $0.history.base.favorites } == ["a", "b"])
        #expect(inspector.status().skippableFrom == nil)
        #expect(inspector.status().notRecorded == 0)
        inspector.resumeRecording()
        store.dispatch(.favorite("c"))
        #expect(inspector.lastID == 2)
        #expect(inspector.summaries(after: nil).entries.map(\.gap) == [false])
        #expect(await inspector.setSkipped(2, true))
        #expect(store.state.favorites == ["a", "b"])
        #expect(await inspector.jump(to: 2))
        #expect(throws: InspectorRefusal(.travelling)) { try inspector.commit() }
        await inspector.returnToPresent()
    }

    @Test func aRevertGivesTheStoreItsBaseStateWithoutRunningMiddlewaresAndEmptiesTheHistory() async throws {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        let seen = SeenStates()
        let subscription = store.subscribe { seen.append($0) }
        store.dispatch(.favorite("a"))
        try inspector.commit()
        store.dispatch(.search("swift"))
        store.dispatch(.favorite("b"))
        try await inspector.revert()
        var expected = AppState()
        expected.favorites = ["a"]
        #expect(store.state == expected)
        #expect(seen.all.last == expected)
        #expect(inspector.count == 0)
        // No middleware ran: nothing was dispatched, nothing recorded.
        try await Task.sleep(for: .milliseconds(50))
        #expect(inspector.count == 0)
        store.dispatch(.favorite("c"))
        #expect(store.state.favorites == ["a", "c"])
        #expect(inspector.lastID == 5)
        subscription.cancel()
    }

    @Test func aRevertOrASweepIsRefusedWhileTravellingOrShowingAnImportedSession() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        #expect(await inspector.jump(to: 1))
        await #expect(throws: InspectorRefusal(.travelling)) { try await inspector.revert() }
        #expect(throws: InspectorRefusal(.travelling)) { try inspector.sweep() }
        await inspector.returnToPresent()
        try inspector.importSession(try inspector.exportSession())
        await #expect(throws: InspectorRefusal(.importedSession)) { try await inspector.revert() }
        #expect(throws: InspectorRefusal(.importedSession)) { try inspector.commit() }
        #expect(inspector.refusalToSkip(1) == InspectorRefusal(.importedSession))
        #expect(store.state.favorites == ["a"])
    }

    @Test func aSweepRemovesTheSkippedEntriesAndLeavesTheStatesAndTheStore() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        for item in ["a", "b", "c", "d"] { store.dispatch(.favorite(item)) }
        #expect(await inspector.setSkipped(2, true))
        #expect(await inspector.setSkipped(3, true))
        #expect(try inspector.sweep() == 2)
        #expect(try inspector.sweep() == 0)
        #expect(inspector.actions.map(\.action) == [.favorite("a"), .favorite("d")])
        #expect(store.state.favorites == ["a", "d"])
        #expect(inspector.state(after: 4)?.favorites == ["a", "d"])
        #expect(inspector.state(after: 2) == nil)
        #expect(inspector.summaries(after: 1).entries.map(\.id) == [4])
        #expect(inspector.summaries(after: 2).entries.map(\.id) == [4])
        #expect(inspector.detail(4)?.diff.contains("\"d\"") == true)
        // Replays go on over the history left.
        #expect(await inspector.setSkipped(1, true))
        #expect(store.state.favorites == ["d"])
        store.dispatch(.favorite("e"))
        #expect(inspector.lastID == 5)
        #expect(inspector.state(after: 5)?.favorites == ["d", "e"])
    }

    @Test func aSweptEntryThatFollowedAGapLeavesTheGapToWhatComesAfterIt() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = inspectWithAGap(store)
        store.dispatch(.favorite("d"))
        #expect(await inspector.setSkipped(2, true))
        #expect(store.state.favorites == ["a", "b", "d"])
        #expect(try inspector.sweep() == 1)
        // #3 now follows the gap: it may be skipped, #1 may not.
        #expect(inspector.status().skippableFrom == 3)
        #expect(await inspector.setSkipped(3, true))
        #expect(store.state.favorites == ["a", "b"])
        #expect(await inspector.setSkipped(3, false))
        #expect(store.state.favorites == ["a", "b", "d"])
        // Swept from the end, the gap is after the newest entry.
        #expect(await inspector.setSkipped(3, true))
        #expect(try inspector.sweep() == 1)
        #expect(inspector.status().skippableFrom == 2)
        #expect(store.state.favorites == ["a", "b"])
    }

    @Test func theActionRateCountsEveryProcessedActionOfTheLastMinute() {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        inspector.pauseRecording()
        store.dispatch(.favorite("b"))
        store.dispatch(.favorite("c"))
        let rate = inspector.rateDocument()
        #expect(rate.perSecond.count == 60)
        #expect(rate.total == 3)
        #expect(rate.perSecond.suffix(2).reduce(0, +) == 3)
        #expect(abs(rate.end - Date().timeIntervalSince1970) < 2)
        #expect(inspector.actionsPerSecond.reduce(0, +) == 3)
    }

    @Test func theRateForgetsSecondsOlderThanAMinute() {
        var rate = ActionRate()
        rate.count(atUptime: 100_000_000_000)
        rate.count(atUptime: 100_500_000_000)
        rate.count(atUptime: 130_000_000_000)
        #expect(rate.perSecond(upTo: 130).suffix(31).first == 2)
        #expect(rate.perSecond(upTo: 130).last == 1)
        #expect(rate.perSecond(upTo: 165).reduce(0, +) == 1)
        #expect(rate.perSecond(upTo: 300).reduce(0, +) == 0)
        rate.count(atUptime: 301_000_000_000)
        #expect(rate.perSecond(upTo: 301) == Array(repeating: 0, count: 59) + [1])
    }

    @Test func theRateCountsEachActionInTheSecondItStartedInWhateverOrderTheyCome() {
        var rate = ActionRate()
        for tenth in 0..<10 { rate.count(atUptime: 200_000_000_000 + UInt64(tenth) * 100_000_000) }
        rate.count(atUptime: 202_000_000_000)
        // Timed before the newest second, by a thread that another one's action overtook: its own second.
        rate.count(atUptime: 201_900_000_000)
        rate.count(atUptime: 200_100_000_000)
        // Older than a minute before the newest second: no longer shown.
        rate.count(atUptime: 142_000_000_000)
        rate.count(atUptime: 202_500_000_000)
        #expect(rate.perSecond(upTo: 202).suffix(3) == [11, 1, 2])
        #expect(rate.perSecond(upTo: 202).reduce(0, +) == 14)
        // Seen from later, before and after the newest second moves there.
        #expect(rate.perSecond(upTo: 204).suffix(5) == [11, 1, 2, 0, 0])
        rate.count(atUptime: 204_000_000_000)
        #expect(rate.perSecond(upTo: 204).suffix(5) == [11, 1, 2, 0, 1])
    }
}

/// An action type whose description is not its case.
enum DescribedAction: Equatable, Sendable, Codable, CustomStringConvertible {
    case tick
    case tap(Int)

    var description: String {
        switch self {
        case .tick: "Clock (1 s)"
        case .tap(let count): "Tapped \(count) times"
        }
    }
}

enum NestedAction: Equatable, Sendable {
    case reset
    case child(ChildAction)

    enum ChildAction: Equatable, Sendable {
        case tap(Int)
    }
}
