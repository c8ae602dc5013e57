import Switchyard
import Testing

/// The deprecated `Middleware` API (SwiftRex 0.7's `Middleware` protocol), reached through ``legacyAPI`` so that using it does not warn.
@Suite struct DeprecatedMiddlewareTests {
    private struct Global: Equatable, Sendable {
        var local: Int
        var other = "o"
    }

    private enum GlobalAction: Equatable, Sendable {
        case local(String)
        case other

        var local: String? {
            guard case let .local(value) = self else { return nil }
            return value
        }
    }

    private func oldStyle(
        _ name: String, _ trace: Trace, reply: @escaping (String) -> String? = { _ in nil }
    )
        -> OldStyle<String, Int>
    {
        legacyAPI.oldStyleMiddleware(name: name, trace: trace, reply: reply)
    }

    private func tracingReducer(_ trace: Trace) -> Reducer<String, Int> {
        Reducer { _, state in
            trace.append("reducer")
            state += 1
        }
    }

    @Test func afterReducerBlocksRunAfterTheReducerInReverseOrder() {
        let trace = Trace()
        let middleware =
            oldStyle("1", trace).middleware <> oldStyle("2", trace).middleware
            <> oldStyle("3", trace).middleware
        let harness = PipelineHarness(state: 0, reducer: tracingReducer(trace), middleware: middleware)
        harness.send("x")
        #expect(trace.entries.joined(separator: " -> ") == "(1) -> (2) -> (3) -> reducer -> (3) -> (2) -> (1)")
    }

    @Test func oldAndNewStyleMiddlewaresComposeInOnePipeline() {
        let trace = Trace()
        let middleware =
            oldStyle("old", trace).middleware <> TraceMiddleware<String, Int>(name: "new", trace: trace)
        let harness = PipelineHarness(state: 0, reducer: tracingReducer(trace), middleware: middleware)
        harness.send("x")
        #expect(trace.entries == ["(old)", "new.handle(0)", "reducer", "new.io(1)", "(old)"])
    }

    @Test func receiveContextIsForwardedOnceToEveryComposedMiddleware() {
        let trace = Trace()
        let first = oldStyle("1", trace)
        let second = oldStyle("2", trace)
        let harness = PipelineHarness(
            state: 7, middleware: first.middleware <> IdentityMiddleware() <> second.middleware)
        #expect(first.contextCount() == 1)
        #expect(second.contextCount() == 1)
        #expect(first.getState()?() == 7)
        second.output()?.dispatch("through kept output")
        #expect(harness.dispatched.actions == ["through kept output"])
    }

    @Test func receiveContextIsForwardedThroughAnyMiddleware() {
        let old = oldStyle("1", Trace())
        let recorder = Recorder<String>()
        old.middleware.eraseToAnyMiddleware().receiveContext(
            getState: { 3 }, output: AnyActionHandler { recorder.append($0) })
        #expect(old.getState()?() == 3)
        old.output()?.dispatch("hi")
        #expect(recorder.actions == ["hi"])
    }

    @Test func liftForwardsALiftedContext() {
        let trace = Trace()
        let old = oldStyle("local", trace) { "re:" + $0 }
        let lifted = old.middleware.lift(
            inputAction: \GlobalAction.local, outputAction: GlobalAction.local, state: \Global.local)
        let harness = PipelineHarness(
            state: Global(local: 1), reducer: Reducer { _, state in state.local += 1 }, middleware: lifted)
        #expect(old.getState()?() == 1)

        harness.send(.local("a"))
        harness.send(.other)
        #expect(old.getState()?() == 3)
        #expect(trace.entries == ["(local)", "(local)"])
        #expect(harness.dispatched.actions == [.local("re:a")])
        #expect(harness.dispatched.values[0].dispatcher.info == "local")

        old.output()?.dispatch("later")
        #expect(harness.dispatched.actions == [.local("re:a"), .local("later")])
    }

    @Test func liftForwardsALiftedContextToTheOldMiddlewareItself() {
        let trace = Trace()
        let (middleware, old) = legacyAPI.oldStyleMiddlewareLifted(
            name: "direct", trace: trace, reply: { (action: String) in action + "!" },
            inputAction: \GlobalAction.local, outputAction: GlobalAction.local, state: \Global.local)
        let harness = PipelineHarness(state: Global(local: 4), middleware: middleware)
        #expect(old.contextCount() == 1)
        #expect(old.getState()?() == 4)
        harness.send(.local("b"))
        #expect(harness.dispatched.actions == [.local("b!")])
    }

    @Test func composedOldStyleMiddlewaresProcessTheirRepliesFIFO() {
        let trace = Trace()
        let middleware =
            oldStyle("a", trace) { $0 == "start" ? "fromA" : nil }.middleware
            <> oldStyle("b", trace) { $0 == "start" ? "fromB" : nil }.middleware
        let harness = PipelineHarness(
            state: 0, reducer: tracingReducer(trace), middleware: middleware, processesOutput: true)
        harness.send("start")
        #expect(harness.dispatched.actions == ["fromB", "fromA"])
        #expect(harness.state == 3)
    }

    // MARK: - The deprecated API's documented samples

    @Test func deprecatedLoggerReadsTheStateThroughItsContextBeforeAndAfterTheReducer() throws {
        let logger = Logger()
        let harness = PipelineHarness(
            state: AppGlobalState(), reducer: appReducer, middleware: legacyAPI.deprecatedLogger(logger: logger))
        harness.send(.popup(.showPopup), info: "tap")
        let line = #line - 1
        let entry = try #require(logger.entries.first)
        #expect(entry.before as? AppGlobalState == AppGlobalState(isShowingPopup: false))
        #expect(entry.after as? AppGlobalState == AppGlobalState(isShowingPopup: true))
        #expect(entry.dateBefore <= entry.dateAfter)
        #expect(
            entry.source
                == "SwitchyardTests/DeprecatedMiddlewareTests.swift:\(line) - "
                + "deprecatedLoggerReadsTheStateThroughItsContextBeforeAndAfterTheReducer() | tap")
    }

    @Test func deprecatedFavoritesCallsTheAPIInHandleAndDispatchesThroughItsKeptOutput() throws {
        let api = API()
        let harness = PipelineHarness(
            state: [Movie(id: 1, title: "Alien")], reducer: favoritesReducer,
            middleware: legacyAPI.deprecatedFavorites(api: api), processesOutput: true)
        harness.send(.toggleFavorite(2))
        #expect(api.requests == [API.Request(id: 2, makeFavorite: true)])
        #expect(harness.dispatched.values.isEmpty)

        api.completeAll(with: .success(()))
        let dispatched = try #require(harness.dispatched.values.first)
        #expect(dispatched.action == .changedFavorite(2, isFavorite: true))
        #expect(dispatched.dispatcher.info == "API.changeFavorite callback")
        #expect(dispatched.dispatcher.file == "SwitchyardTests/DeprecatedAPISamples.swift")
    }

    @Test func oldStyleMiddlewareThatSchedulesNothingReturnsAPureIO() {
        let middleware = legacyAPI.deprecatedFavorites(api: API())
        middleware.receiveContext(getState: { [] }, output: AnyActionHandler { _ in })
        let io = middleware.handle(action: .changedFavorite(1, isFavorite: true), from: .here(), state: { [] })
        #expect(io.isPure)
        let scheduling: OldStyle<String, Int> = legacyAPI.oldStyleMiddleware(
            name: "1", trace: Trace(), reply: { _ in nil })
        #expect(!scheduling.middleware.handle(action: "x", from: .here(), state: { 0 }).isPure)
    }

    @Test func deprecatedFavoritesDispatchesTheFailure() {
        let api = API(autoReply: .failure(APIError(reason: "down")))
        let harness = PipelineHarness(
            state: [Movie(id: 1, title: "Alien")], middleware: legacyAPI.deprecatedFavorites(api: api))
        harness.send(.toggleFavorite(1))
        harness.send(.changedFavorite(1, isFavorite: true))
        #expect(api.requests == [API.Request(id: 1, makeFavorite: false)])
        #expect(
            harness.dispatched.actions == [
                .changedFavoriteHasFailed(1, isFavorite: true, error: APIError(reason: "down"))
            ])
    }
}
