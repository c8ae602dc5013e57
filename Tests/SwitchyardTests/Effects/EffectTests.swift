import Switchyard
import SwitchyardTestSupport
import SwitchyardTesting
import Testing

@Suite struct EffectTests {
    enum Action: Equatable, Sendable {
        case listen, tick(Int), start(Int), stop, marker
        case fail, failHandled, failed(String)
        case search(String), results(String)
        case local(Local)
    }

    enum Local: Equatable, Sendable { case ping, pong }

    struct Boom: Error {}

    static var noReducer: Reducer<Action, Int> { Reducer { _, _ in } }

    /// `.start(n)` starts job `n`, which reports its start and then runs until cancelled; `.stop` cancels the jobs
    /// with id "a". Jobs 1 and 2 have id "a", the others id "c"; `cancelInFlight` applies to every start.
    static func jobs(
        cancelInFlight: Bool,
        started: Events<Int>,
        cancelled: Events<Int>
    ) -> AnyMiddleware<Action, Action, Int> {
        AnyMiddleware { action, _, _ in
            switch action {
            case .start(let job):
                return .run(id: job <= 2 ? "a" : "c", cancelInFlight: cancelInFlight) { _ in
                    started.send(job)
                    await suspendUntilCancelled { cancelled.send(job) }
                }
            case .stop:
                return .cancel(id: "a")
            default:
                return .pure()
            }
        }
    }

    @Test func anEffectDispatchesManyTimesOverItsLife() async {
        let feed = Events<Int>()
        let seen = Events<Action>()
        let listener = AnyMiddleware<Action, Action, Int> { action, _, _ in
            guard action == .listen else { return .pure() }
            return .run { output in
                for await value in feed.stream { output.dispatch(.tick(value)) }
            }
        }
        let store = Store(
            initialState: 0,
            reducer: Reducer { action, state in
                if case .tick(let value) = action { state += value }
            },
            middleware: seen.recordingMiddleware() <> listener
        )
        var actions = seen.makeReader()
        store.dispatch(.listen)
        #expect(await actions.next() == .listen)
        for value in 1...3 {
            feed.send(value)
            #expect(await actions.next() == .tick(value))
        }
        #expect(store.state == 6)
    }

    @Test func startingAnEffectWithTheSameIDCancelsTheOneInFlight() async {
        let started = Events<Int>()
        let cancelled = Events<Int>()
        let store = Store(
            initialState: 0,
            reducer: Self.noReducer,
            middleware: Self.jobs(cancelInFlight: true, started: started, cancelled: cancelled)
        )
        var starts = started.makeReader()
        var cancellations = cancelled.makeReader()
        store.dispatch(.start(1))
        #expect(await starts.next() == 1)
        store.dispatch(.start(2))
        #expect(await cancellations.next() == 1)
        #expect(await starts.next() == 2)
        store.dispatch(.stop)
        #expect(await cancellations.next() == 2)
    }

    @Test func cancelByIDCancelsEveryEffectWithThatIDOnly() async {
        let started = Events<Int>()
        let cancelled = Events<Int>()
        var store: Store<Action, Int>? = Store(
            initialState: 0,
            reducer: Self.noReducer,
            middleware: Self.jobs(cancelInFlight: false, started: started, cancelled: cancelled)
        )
        var starts = started.makeReader()
        var cancellations = cancelled.makeReader()
        for job in 1...3 { store?.dispatch(.start(job)) }
        var running: Set<Int> = []
        for _ in 1...3 { running.insert(await starts.next() ?? 0) }
        #expect(running == [1, 2, 3])

        store?.dispatch(.stop)
        var stopped: Set<Int> = []
        for _ in 1...2 { stopped.insert(await cancellations.next() ?? 0) }
        #expect(stopped == [1, 2])

        store = nil
        #expect(await cancellations.next() == 3)
    }

    @Test func effectsAreCancelledWhenTheStoreIsFreed() async {
        let started = Events<Int>()
        let cancelled = Events<Int>()
        var store: Store<Action, Int>? = Store(
            initialState: 0,
            reducer: Self.noReducer,
            middleware: Self.jobs(cancelInFlight: false, started: started, cancelled: cancelled)
        )
        weak let freed = store
        var starts = started.makeReader()
        var cancellations = cancelled.makeReader()
        store?.dispatch(.start(3))
        #expect(await starts.next() == 3)

        store = nil
        #expect(freed == nil)
        #expect(await cancellations.next() == 3)
    }

    @Test func anEffectStartedThroughAKeptOutputAfterTheStoreIsFreedNeverStarts() async throws {
        let outputs = Events<AnyActionHandler<Action>>()
        var store: Store<Action, Int>? = Store(
            initialState: 0,
            reducer: Self.noReducer,
            middleware: AnyMiddleware { _, _, _ in IO { output in outputs.send(output) } }
        )
        var kept = outputs.makeReader()
        store?.dispatch(.marker)
        let output = try #require(await kept.next())
        store = nil

        let ran = Box(false)
        IO<Action>.run { _ in ran.value = true }.run(output)
        let scope = try #require(output.effectScope)
        #expect(scope.isClosed)
        #expect(scope.runningEffects.isEmpty)
        #expect(ran.value == false)
    }

    @Test func unhandledErrorsAreReportedThroughTheDiagnosticsHook() async throws {
        let reports = Events<StoreDiagnostic>()
        let store = Store(
            initialState: 0,
            reducer: Self.noReducer,
            middleware: AnyMiddleware<Action, Action, Int> { _, _, _ in .run { _ in throw Boom() } },
            diagnostics: StoreDiagnostics { reports.send($0) }
        )
        var diagnostics = reports.makeReader()
        store.dispatch(.fail)
        let report = try #require(await diagnostics.next())
        #expect(report.kind == .effectFailed)
        #expect(report.message.contains("Boom"))
        #expect(report.message.contains("SwitchyardTests/EffectTests.swift"))
    }

    @Test func handledErrorsGoToTheHandlerAndAreNotReported() async {
        let reports = Box<[StoreDiagnostic]>([])
        let seen = Events<Action>()
        let failing = AnyMiddleware<Action, Action, Int> { action, _, _ in
            guard action == .failHandled else { return .pure() }
            return .run { _ in
                throw Boom()
            } catch: { error, output in
                output.dispatch(.failed("\(error)"))
            }
        }
        let store = Store(
            initialState: 0,
            reducer: Self.noReducer,
            middleware: seen.recordingMiddleware() <> failing,
            diagnostics: StoreDiagnostics { report in reports.modify { $0.append(report) } }
        )
        var actions = seen.makeReader()
        store.dispatch(.failHandled)
        #expect(await actions.next() == .failHandled)
        #expect(await actions.next() == .failed("Boom()"))
        #expect(reports.value.isEmpty)
    }

    @Test func cancellationIsNotAFailure() async {
        let clock = TestClock()
        let started = Events<Int>()
        let reports = Box<[StoreDiagnostic]>([])
        let sleeper = AnyMiddleware<Action, Action, Int> { action, _, _ in
            switch action {
            case .start(let job):
                return .run(id: "sleep") { _ in
                    started.send(job)
                    try await clock.sleep(for: .seconds(60))
                }
            case .stop:
                return .cancel(id: "sleep")
            default:
                return .pure()
            }
        }
        let store = Store(
            initialState: 0,
            reducer: Self.noReducer,
            middleware: sleeper,
            diagnostics: StoreDiagnostics { report in reports.modify { $0.append(report) } }
        )
        var starts = started.makeReader()
        store.dispatch(.start(1))
        #expect(await starts.next() == 1)
        store.dispatch(.stop)
        await waitUntil { store.effects.runningEffects.isEmpty }
        #expect(reports.value.isEmpty)
    }

    @Test func actionsDispatchedAfterCancellationAreDropped() async {
        let started = Events<Int>()
        let done = Events<Int>()
        let seen = Events<Action>()
        let stubborn = AnyMiddleware<Action, Action, Int> { action, _, _ in
            switch action {
            case .start(let job):
                return .run(id: "job") { output in
                    started.send(job)
                    await suspendUntilCancelled {}
                    output.dispatch(.tick(job))
                    done.send(job)
                }
            case .stop:
                return .cancel(id: "job")
            default:
                return .pure()
            }
        }
        let store = Store(
            initialState: 0,
            reducer: Self.noReducer,
            middleware: seen.recordingMiddleware() <> stubborn
        )
        var actions = seen.makeReader()
        var starts = started.makeReader()
        var finished = done.makeReader()
        store.dispatch(.start(1))
        #expect(await starts.next() == 1)
        store.dispatch(.stop)
        #expect(await finished.next() == 1)
        store.dispatch(.marker)
        #expect(await actions.next() == .start(1))
        #expect(await actions.next() == .stop)
        #expect(await actions.next() == .marker)
    }

    @Test func debounceRunsOnlyTheLatestEffectAfterTheQuietPeriod() async {
        let clock = TestClock()
        let search = AnyMiddleware<Action, Action, [String]> { action, _, _ in
            guard case .search(let query) = action else { return .pure() }
            return .debounce(id: "search", for: .milliseconds(300), clock: clock) { output in
                output.dispatch(.results(query))
            }
        }
        let store = Store(
            initialState: [String](),
            reducer: Reducer { action, state in
                if case .results(let query) = action { state.append(query) }
            },
            middleware: search
        )
        for query in ["s", "sw", "swift"] { store.dispatch(.search(query)) }
        // The first two are cancelled; the last one sleeps on the test clock.
        await waitUntil {
            guard store.effects.runningEffects.count == 1 else { return false }
            do {
                try await clock.checkSuspension()
                return false
            } catch {
                return true
            }
        }

        await clock.advance(by: .milliseconds(299))
        #expect(store.state.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await waitUntil { !store.state.isEmpty }
        #expect(store.state == ["swift"])
    }

    @Test func effectsOfALiftedMiddlewareBelongToTheStore() async {
        let seen = Events<Action>()
        let cancelled = Events<Int>()
        let local = AnyMiddleware<Local, Local, Void> { action, _, _ in
            guard action == .ping else { return .pure() }
            return .run(id: "pinger") { output in
                output.dispatch(.pong)
                await suspendUntilCancelled { cancelled.send(1) }
            }
        }
        let lifted = local.lift(
            inputAction: { (action: Action) -> Local? in
                if case .local(let local) = action { local } else { nil }
            },
            outputAction: Action.local,
            state: { (_: Int) in () }
        )
        var store: Store<Action, Int>? = Store(
            initialState: 0,
            reducer: Self.noReducer,
            middleware: seen.recordingMiddleware() <> lifted
        )
        var actions = seen.makeReader()
        var cancellations = cancelled.makeReader()
        store?.dispatch(.local(.ping))
        #expect(await actions.next() == .local(.ping))
        #expect(await actions.next() == .local(.pong))
        #expect(store?.effects.runningEffects.map(\.id) == [EffectID("pinger")])

        store = nil
        #expect(await cancellations.next() == 1)
    }

    @Test func anIORunByHandWithoutAStoreStillRunsItsEffect() async {
        let received = Events<Int>()
        IO<Int>.run { output in
            output.dispatch(1)
            output.dispatch(2)
        }
        .run(AnyActionHandler { received.send($0.action) })
        var values = received.makeReader()
        #expect(await values.next() == 1)
        #expect(await values.next() == 2)
    }
}
