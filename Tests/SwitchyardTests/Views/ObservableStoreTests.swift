import Observation
import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// Counts how many times the values a reader reads are invalidated, one observation at a time.
@MainActor
final class Invalidations {
    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    private let count = Count()
    private let read: @MainActor () -> Void

    init(reading read: @escaping @MainActor () -> Void) {
        self.read = read
        arm()
    }

    /// Starts observing what `read` reads; the next change of any of it counts once.
    func arm() {
        let count = count
        withObservationTracking {
            read()
        } onChange: {
            count.value.add(1, ordering: .relaxed)
        }
    }

    /// The invalidations since the last call. An observation ends at its first invalidation, so a second one in
    /// the same action is not seen; observes again, for the next ones, when this one ended.
    func take() -> Int {
        let taken = count.value.exchange(0, ordering: .relaxed)
        if taken > 0 { arm() }
        return taken
    }
}

/// Records the diagnostics a store reports.
final class DiagnosticsLog: Sendable {
    private let kinds = Mutex<[StoreDiagnostic.Kind]>([])
    var diagnostics: StoreDiagnostics {
        StoreDiagnostics { diagnostic in self.kinds.withLock { $0.append(diagnostic.kind) } }
    }
    var reported: [StoreDiagnostic.Kind] { kinds.withLock { $0 } }
}

@MainActor
@Suite struct ObservableStoreTests {
    struct Profile: Sendable, Equatable {
        var name = "Ada"
        var age = 36
    }

    struct Row: Sendable, Equatable, Identifiable {
        let id: Int
        var title: String
    }

    struct State: Sendable, Equatable {
        var title = "Inbox"
        var count = 0
        var profile = Profile()
        var selection: Profile?
        var rows: [Row] = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
    }

    enum RowAction: Sendable, Equatable {
        case rename(String)
    }

    enum Action: Sendable, Equatable {
        case setTitle(String), increment, rename(String), birthday, select(Profile?)
        case row(ElementIDAction<Int, RowAction>)
        case removeRow(Int)
    }

    static let reducer = Reducer<Action, State> { action, state in
        switch action {
        case .setTitle(let title): state.title = title
        case .increment: state.count += 1
        case .rename(let name): state.profile.name = name
        case .birthday: state.profile.age += 1
        case .select(let profile): state.selection = profile
        case .row(let rowAction):
            guard let index = state.rows.firstIndex(where: { $0.id == rowAction.id }) else { return }
            if case .rename(let title) = rowAction.action { state.rows[index].title = title }
        case .removeRow(let id): state.rows.removeAll { $0.id == id }
        }
    }

    let log = DiagnosticsLog()

    func makeStore() -> Store<Action, State> {
        Store(initialState: State(), reducer: Self.reducer, scheduling: .mainThread, diagnostics: log.diagnostics)
    }

    @Test func aReaderOfOneValueIsInvalidatedOnlyWhenThatValueChanges() {
        let store = makeStore()
        let view = store.observable()
        let title = Invalidations { _ = view.title }
        store.dispatch(.increment)
        #expect(title.take() == 0)
        store.dispatch(.setTitle("Archive"))
        #expect(title.take() == 1)
        #expect(view.title == "Archive")
        store.dispatch(.setTitle("Archive"))
        #expect(title.take() == 0)
    }

    @Test func changesNobodyWatchedDoNotStopALaterReaderFromBeingInvalidated() {
        let store = makeStore()
        let view = store.observable()
        _ = view.title  // tracked from now on, but observed by no one
        store.dispatch(.setTitle("One"))
        store.dispatch(.setTitle("Two"))
        let first = Invalidations { _ = view.title }
        let second = Invalidations { _ = view.title }
        store.dispatch(.setTitle("Three"))
        #expect(first.take() == 1)
        #expect(second.take() == 1)
        store.dispatch(.setTitle("Four"))
        #expect(first.take() == 1)
        #expect(second.take() == 1)
        #expect(view.title == "Four")
    }

    @Test func aNestedValueReadByKeyPathIsTrackedAlone() {
        let store = makeStore()
        let view = store.observable()
        let name = Invalidations { _ = view[\.profile.name] }
        store.dispatch(.birthday)
        #expect(name.take() == 0)
        store.dispatch(.rename("Grace"))
        #expect(name.take() == 1)
        #expect(view[\.profile.name] == "Grace")
    }

    @Test func aValueThroughAnOptionalIsTrackedAlone() {
        let store = makeStore()
        let view = store.observable()
        let selectedName = Invalidations { _ = view[\.selection?.name] }
        store.dispatch(.select(Profile(name: "Linus", age: 1)))
        #expect(selectedName.take() == 1)
        store.dispatch(.select(Profile(name: "Linus", age: 2)))
        #expect(selectedName.take() == 0)
        store.dispatch(.select(nil))
        #expect(selectedName.take() == 1)
        #expect(view[\.selection?.name] == nil)
    }

    @Test func aReaderOfTheWholeStateIsInvalidatedByEveryChange() {
        let store = makeStore()
        let view = store.observable()
        let whole = Invalidations { _ = view.state }
        store.dispatch(.increment)
        #expect(whole.take() == 1)
        store.dispatch(.birthday)
        #expect(whole.take() == 1)
    }

    @Test func aChildScopeDependsOnItsOwnStateOnly() {
        let store = makeStore()
        let view = store.observable()
        let profile = view.scope(state: \.profile, action: { (name: String) in Action.rename(name) })
        let age = Invalidations { _ = profile.age }
        store.dispatch(.setTitle("Other"))
        store.dispatch(.rename("Grace"))
        #expect(age.take() == 0)
        store.dispatch(.birthday)
        #expect(age.take() == 1)
        profile.dispatch("Barbara")
        #expect(store.state.profile.name == "Barbara")
        #expect(profile.name == "Barbara")
    }

    @Test func aRowDependsOnItsElementOnlyAndSendsElementActions() throws {
        let store = makeStore()
        let view = store.observable()
        let first = try #require(view.scope(element: 1, in: \.rows, action: Action.row))
        let second = try #require(view.scope(element: 2, in: \.rows, action: Action.row))
        let firstTitle = Invalidations { _ = first.title }
        let secondTitle = Invalidations { _ = second.title }
        second.dispatch(.rename("deux"))
        #expect(firstTitle.take() == 0)
        #expect(secondTitle.take() == 1)
        #expect(second.title == "deux")
        #expect(store.state.rows[1].title == "deux")
    }

    @Test func aRowWhoseElementDisappearsKeepsItsLastStateAndSaysSo() throws {
        let store = makeStore()
        let view = store.observable()
        let row = try #require(view.scope(element: 2, in: \.rows, action: Action.row))
        store.dispatch(.removeRow(2))
        #expect(row.title == "two")
        #expect(log.reported == [.scopedElementMissing])
        row.dispatch(.rename("gone"))
        #expect(log.reported == [.scopedElementMissing, .scopedElementMissing])
        store.dispatch(.increment)
        #expect(log.reported.count == 2)
    }

    /// A view scoped while the parent's scoped views update (here from a row's invalidation, as a view body that
    /// appears would) follows the parent from the next state on; the rows keep following, action after action.
    @Test func aViewScopedWhileScopedViewsUpdateFollowsTheNextStates() throws {
        let store = makeStore()
        let view = store.observable()
        let first = try #require(view.scope(element: 1, in: \.rows, action: Action.row))
        let scopedDuringUpdate = LockedValue<ObservableStore<String, Profile>?>(nil)
        withObservationTracking {
            _ = first.title
        } onChange: {
            MainActor.assumeIsolated {
                let profile = view.scope(state: \.profile, action: { (name: String) in Action.rename(name) })
                scopedDuringUpdate.withLock { $0 = profile }
            }
        }
        first.dispatch(.rename("uno"))
        let profile = try #require(scopedDuringUpdate.withLock { $0 })
        for round in 1...1_000 {
            first.dispatch(.rename("uno \(round)"))
        }
        store.dispatch(.rename("Grace"))
        #expect(profile.name == "Grace")
        #expect(first.title == "uno 1000")
    }

    @Test func scopingToAMissingElementReportsAndGivesNothing() {
        let store = makeStore()
        let view = store.observable()
        #expect(view.scope(element: 9, in: \.rows, action: Action.row) == nil)
        #expect(log.reported == [.scopedElementMissing])
    }

    @Test func sendingAfterTheStoreIsFreedDropsEachActionAndReportsEachOne() {
        var store: Store<Action, State>? = makeStore()
        let view = store!.observable()
        let row = view.scope(element: 1, in: \.rows, action: Action.row)!
        store = nil
        view.dispatch(.increment)
        view.dispatch(.increment)
        row.dispatch(.rename("gone"))
        #expect(view.count == 0)
        #expect(log.reported == [.storeGone, .storeGone, .storeGone])
    }

    @Test func aBindingReadsTheStateAndSendsTheActionFromItsCaller() {
        let store = makeStore()
        let view = store.observable()
        let recorder = Recorder<Action>()
        let registration = store.runtimeMiddlewares.add(
            AnyMiddleware { action, source, _ in
                recorder.append(DispatchedAction(action, dispatcher: source))
                return .pure()
            })
        let title = view.storeBinding(\.title, dispatch: Action.setTitle)
        let line = #line - 1
        #expect(title.wrappedValue == "Inbox")
        title.wrappedValue = "Sent"
        registration.remove()
        #expect(view.title == "Sent")
        #expect(recorder.values.first?.dispatcher.line == UInt(line))
    }

    /// A thousand states emitted while the main queue is busy wait for it as one: the view takes the last.
    @Test func statesEmittedWhileTheMainQueueIsBusyReachTheViewAsTheLatestOnly() async {
        let store = Store(initialState: State(), reducer: Self.reducer, diagnostics: log.diagnostics)
        let view = store.observable()
        // A scoped view maps each state its parent takes: the map counts them.
        let taken = Log<Int>()
        let lastTaken = Signal()
        let count = view.scope(
            state: { (state: State) -> Int in
                taken.append(state.count)
                if state.count == 1_000 { lastTaken.send() }
                return state.count
            },
            action: { (action: Action) in action }
        )
        let finished = await whileMainQueueIsBusy {
            for _ in 0..<1_000 { store.dispatch(.increment) }
        }
        #expect(finished)
        #expect(await lastTaken.arrives())
        #expect(taken.values.first == 0, "the current state, when scoping")
        #expect(taken.count <= 3, "\(taken.count - 1) updates for 1,000 states")
        #expect(taken.last == 1_000)
        #expect(count.state == 1_000)
        #expect(view.count == 1_000)
    }

    @Test func statesFromAnotherThreadArriveOnTheMainActorInOrder() async {
        let store = Store(initialState: State(), reducer: Self.reducer, diagnostics: log.diagnostics)
        let view = store.observable()
        let titles = Invalidations { _ = view.count }
        let dispatching = Task.detached {
            for _ in 0..<100 { store.dispatch(.increment) }
        }
        #expect(await value(of: dispatching) != nil)
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while view.count < 100, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        #expect(view.count == 100)
        #expect(titles.take() >= 1)
    }
}
