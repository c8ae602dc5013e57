import InMemoryTracing
import Switchyard
import SwitchyardTestSupport
import SwitchyardTracing
import Testing
import Tracing

/// A search: the app's `.search` is bridged to `.searchStarted`, and its effect calls an API that the app traces,
/// then dispatches `.results`. `.fail`'s effect throws, and its error handler dispatches `.results([])`.
enum SearchAction: Sendable, Equatable {
    case search(String)
    case searchStarted
    case results([String])
    case wait
    case stop
    case fail

    var query: String? {
        guard case .search(let query) = self else { return nil }
        return query
    }
}

struct SearchState: Sendable, Equatable {
    var query = ""
    var results: [String] = []
}

struct SearchWaitID: Hashable, Sendable {}

/// What `.fail`'s effect throws.
struct SearchFailure: Error, Equatable {
    let reason: String
}

/// Runs the search's effect; `.wait` starts an effect that waits until `.stop` cancels it.
struct SearchEffects: MiddlewareProtocol, Sendable {
    let tracer: InMemoryTracer

    func handle(
        action: SearchAction, from dispatcher: ActionSource, state: @escaping GetState<SearchState>
    ) -> IO<SearchAction> {
        switch action {
        case .search(let query):
            return .run { [tracer] output in
                let results = try await tracer.withSpan("api.search") { _ in
                    try await Task.sleep(for: .milliseconds(1))
                    return [query.uppercased()]
                }
                output.dispatch(.results(results))
            }
        case .wait:
            return .run(id: SearchWaitID()) { _ in try await Task.sleep(for: .seconds(60)) }
        case .stop:
            return .cancel(id: SearchWaitID())
        case .fail:
            return .run { _ in
                throw SearchFailure(reason: "the backend is down")
            } catch: { _, output in
                output.dispatch(.results([]))
            }
        case .searchStarted, .results:
            return .pure()
        }
    }
}

let searchReducer = Reducer<SearchAction, SearchState> { action, state in
    switch action {
    case .search(let query): state.query = query
    case .results(let results): state.results = results
    case .searchStarted, .wait, .stop, .fail: break
    }
}

func makeSearchStore(tracer: InMemoryTracer) -> Store<SearchAction, SearchState> {
    let bridges = BridgeMiddleware<SearchAction, SearchAction, SearchState>()
        .bridge(\SearchAction.query >=> { _ in SearchAction.searchStarted })
    return Store(
        initialState: SearchState(),
        reducer: searchReducer,
        middleware: bridges <> SearchEffects(tracer: tracer)
    )
}

extension FinishedInMemorySpan {
    func string(_ key: String) -> String? {
        if case .string(let value)? = attributes[key]?.toSpanAttribute() { return value }
        return nil
    }

    func int(_ key: String) -> Int64? {
        if case .int64(let value)? = attributes[key]?.toSpanAttribute() { return value }
        return nil
    }

    func bool(_ key: String) -> Bool? {
        if case .bool(let value)? = attributes[key]?.toSpanAttribute() { return value }
        return nil
    }
}

@Suite struct StoreTracingTests {
    @Test func anActionItsBridgedActionItsEffectAndTheAppsSpanNest() async throws {
        let tracer = InMemoryTracer()
        let store = makeSearchStore(tracer: tracer)
        let registration = store.attachTracing(StoreTracingOptions(storeName: "search"), tracer: tracer)
        #expect(registration != nil)
        let line = #line + 1
        store.dispatch(.search("swift"))
        let arrived = await eventually {
            tracer.finishedSpans.contains { $0.operationName == "results" }
                && tracer.finishedSpans.contains { $0.operationName == "effect" }
        }
        #expect(arrived)
        let spans = tracer.finishedSpans
        let search = try #require(spans.first { $0.operationName == "search" })
        let bridged = try #require(spans.first { $0.operationName == "searchStarted" })
        let effect = try #require(spans.first { $0.operationName == "effect" })
        let apiCall = try #require(spans.first { $0.operationName == "api.search" })
        let results = try #require(spans.first { $0.operationName == "results" })

        // The user's action: a root span with its source, and no payload.
        #expect(search.parentSpanID == nil)
        #expect(search.string("code.file.path") == #fileID)
        #expect(search.int("code.line.number") == Int64(line))
        #expect(search.string("code.function.name") == #function)
        // The names that OpenTelemetry's semantic conventions deprecated are not emitted.
        for deprecated in ["code.filepath", "code.lineno", "code.function"] {
            #expect(search.attributes[deprecated] == nil)
        }
        #expect(search.int("thread.id") != nil)
        #expect(search.string("switchyard.store") == "search")
        #expect(search.bool("switchyard.action.follow_up") == false)
        #expect(search.attributes["switchyard.action.payload"] == nil)
        #expect(search.events.map(\.name) == ["handled", "reduced"])

        // The bridged action: a follow-up under the user's action, linked to it, with the user's source.
        #expect(bridged.parentSpanID == search.spanID)
        #expect(bridged.traceID == search.traceID)
        #expect(bridged.bool("switchyard.action.follow_up") == true)
        #expect(bridged.bool("switchyard.action.bridged") == true)
        #expect(bridged.string("code.file.path") == #fileID)
        #expect(bridged.links.compactMap(\.context.inMemorySpanContext?.spanID) == [search.spanID])

        // The effect under the action, the app's span inside the effect under it, across an await.
        #expect(effect.parentSpanID == search.spanID)
        #expect(effect.string("code.file.path") == #fileID)
        #expect(effect.int("code.line.number") != nil)
        #expect(effect.attributes["code.filepath"] == nil)
        #expect(effect.attributes["code.lineno"] == nil)
        #expect(effect.attributes["switchyard.effect.cancelled"] == nil)
        // An effect that returned: no status, no error.
        #expect(effect.status == nil)
        #expect(effect.errors.isEmpty)
        #expect(apiCall.parentSpanID == effect.spanID)
        #expect(apiCall.traceID == search.traceID)

        // The effect's follow-up under the effect.
        #expect(results.parentSpanID == effect.spanID)
        #expect(results.bool("switchyard.action.follow_up") == true)
        #expect(results.attributes["switchyard.action.bridged"] == nil)
        withExtendedLifetime(store) {}
    }

    @Test func aCancelledEffectIsMarked() async throws {
        let tracer = InMemoryTracer()
        let store = makeSearchStore(tracer: tracer)
        store.attachTracing(StoreTracingOptions(storeName: "search"), tracer: tracer)
        store.dispatch(.wait)
        store.dispatch(.stop)
        let arrived = await eventually { tracer.finishedSpans.contains { $0.operationName == "effect" } }
        #expect(arrived)
        let effect = try #require(tracer.finishedSpans.first { $0.operationName == "effect" })
        let wait = try #require(tracer.finishedSpans.first { $0.operationName == "wait" })
        #expect(effect.parentSpanID == wait.spanID)
        #expect(effect.bool("switchyard.effect.cancelled") == true)
        #expect(effect.bool("switchyard.effect.has_id") == true)
        #expect(effect.events.map(\.name) == ["cancelled"])
        // Cancellation is not a failure.
        #expect(effect.status == nil)
        #expect(effect.errors.isEmpty)
        withExtendedLifetime(store) {}
    }

    @Test func anEffectThatThrowsEndsItsSpanWithAnErrorStatusAndRecordsTheError() async throws {
        let tracer = InMemoryTracer()
        let store = makeSearchStore(tracer: tracer)
        store.attachTracing(StoreTracingOptions(storeName: "search"), tracer: tracer)
        store.dispatch(.fail)
        let arrived = await eventually {
            tracer.finishedSpans.contains { $0.operationName == "effect" }
                && tracer.finishedSpans.contains { $0.operationName == "results" }
        }
        #expect(arrived)
        let spans = tracer.finishedSpans
        let fail = try #require(spans.first { $0.operationName == "fail" })
        let effect = try #require(spans.first { $0.operationName == "effect" })
        #expect(effect.parentSpanID == fail.spanID)
        // As OpenTelemetry records a failed operation: the error status, and the error (an `exception` event).
        #expect(effect.status?.code == .error)
        #expect(effect.errors.count == 1)
        #expect(effect.errors.first?.error as? SearchFailure == SearchFailure(reason: "the backend is down"))
        #expect(effect.attributes["switchyard.effect.cancelled"] == nil)
        // The action's own span did not fail.
        #expect(fail.status == nil)
        #expect(fail.errors.isEmpty)
        // What the error handler dispatches still nests under the effect.
        let results = try #require(spans.first { $0.operationName == "results" })
        #expect(results.parentSpanID == effect.spanID)
        withExtendedLifetime(store) {}
    }

    @Test func theSamplingPredicateChoosesTheActions() async throws {
        let tracer = InMemoryTracer()
        let store = makeSearchStore(tracer: tracer)
        store.attachTracing(
            StoreTracingOptions(storeName: "search", samples: { dispatched, _ in dispatched.action != .searchStarted }),
            tracer: tracer
        )
        store.dispatch(.search("swift"))
        let arrived = await eventually { tracer.finishedSpans.contains { $0.operationName == "results" } }
        #expect(arrived)
        let names = tracer.finishedSpans.map(\.operationName)
        #expect(!names.contains("searchStarted"))
        #expect(names.contains("search"))
        withExtendedLifetime(store) {}
    }

    @Test func nothingOfTheAppsDataIsRecordedButWhatTheRedactingClosuresGive() async throws {
        let tracer = InMemoryTracer()
        let store = makeSearchStore(tracer: tracer)
        store.attachTracing(
            StoreTracingOptions(
                storeName: "search",
                redactAction: { action in action.query.map { "\($0.count) characters" } },
                redactState: { state in "\(state.results.count) results" },
                phases: .spans
            ),
            tracer: tracer
        )
        store.dispatch(.search("secret"))
        let arrived = await eventually { tracer.finishedSpans.contains { $0.operationName == "results" } }
        #expect(arrived)
        let spans = tracer.finishedSpans
        let search = try #require(spans.first { $0.operationName == "search" })
        #expect(search.string("switchyard.action.payload") == "6 characters")
        #expect(search.string("switchyard.state") == "0 results")
        let bridged = try #require(spans.first { $0.operationName == "searchStarted" })
        #expect(bridged.attributes["switchyard.action.payload"] == nil)
        // Phases as child spans.
        let phases = spans.filter { $0.parentSpanID == search.spanID }.map(\.operationName)
        #expect(phases.contains("handle"))
        #expect(phases.contains("reduce"))
        #expect(phases.contains("observers and IOs"))
        for span in spans {
            for key in ["code.function.name", "switchyard.action.payload", "switchyard.state"] {
                #expect(span.string(key)?.contains("secret") != true)
            }
        }
        withExtendedLifetime(store) {}
    }

    @Test func anActionsSpanIsStampedWithTheWallClockAndItsPhasesInOrder() async throws {
        let tracer = InMemoryTracer()
        let store = Store(initialState: SearchState(), reducer: searchReducer)
        _ = store.attachTracing(StoreTracingOptions(storeName: "clock"), tracer: tracer)
        let before = DefaultTracerClock.now.nanosecondsSinceEpoch
        store.dispatch(.searchStarted)
        await waitUntilIdle(store)
        let after = DefaultTracerClock.now.nanosecondsSinceEpoch
        let span = try #require(tracer.finishedSpans.first { $0.operationName == "searchStarted" })
        let start = span.startInstant.nanosecondsSinceEpoch
        let end = span.endInstant.nanosecondsSinceEpoch
        // The wall clock that `DefaultTracerClock` reads, as every span of the app's own is stamped.
        #expect(before <= start && start <= end && end <= after)
        let events = span.events.map { ($0.name, $0.nanosecondsSinceEpoch) }
        #expect(events.map(\.0) == ["handled", "reduced"])
        #expect(events.allSatisfy { start <= $0.1 && $0.1 <= end })
        #expect(events.map(\.1) == events.map(\.1).sorted())
    }

    @Test func aDisabledStoreOrTheNoOpTracerAttachNothing() {
        let store = makeSearchStore(tracer: InMemoryTracer())
        #expect(store.attachTracing(StoreTracingOptions(storeName: "off", isEnabled: false)) == nil)
        #expect(store.attachTracing(StoreTracingOptions(storeName: "noop"), tracer: NoOpTracer()) == nil)
    }

    @Test func theCaseNameLeavesThePayloadOut() {
        #expect(actionCaseName(SearchAction.search("secret")) == "search")
        #expect(actionCaseName(SearchAction.stop) == "stop")
        #expect(actionCaseName("a string") == "String")
    }
}
