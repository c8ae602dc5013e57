import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// The documented `MiddlewareProtocol` samples behave as documented.
@Suite struct DocumentedSamplesTests {
    private let movie = 42

    // MARK: - LoggerMiddleware

    @Test func loggerSeesTheStateBeforeInHandleAndAfterInIO() throws {
        let logger = Logger()
        let clock = TickingClock()
        let harness = PipelineHarness(
            state: AppGlobalState(), reducer: appReducer, middleware: LoggerMiddleware(logger: logger, now: clock.now))
        harness.send(.popup(.showPopup), info: "tap")
        let entry = try #require(logger.entries.first)
        #expect(entry.action as? AppGlobalAction == .popup(.showPopup))
        #expect(entry.before as? AppGlobalState == AppGlobalState(isShowingPopup: false))
        #expect(entry.after as? AppGlobalState == AppGlobalState(isShowingPopup: true))
        #expect(entry.dateBefore < entry.dateAfter)
    }

    @Test func loggerWritesTheSourceOfTheAction() throws {
        let logger = Logger()
        let harness = PipelineHarness(
            state: AppGlobalState(), middleware: LoggerMiddleware(logger: logger, now: TickingClock().now))
        harness.send(.popup(.hidePopup), info: "why")
        let line = #line - 1
        let entry = try #require(logger.entries.first)
        #expect(
            entry.source
                == "SwitchyardTests/DocumentedSamplesTests.swift:\(line) - loggerWritesTheSourceOfTheAction() | why")
    }

    @Test func loggerDoesNothingOnceItIsGone() {
        let logger = Logger()
        var middleware: LoggerMiddleware? = LoggerMiddleware(logger: logger, now: TickingClock().now)
        let io = middleware?.handle(action: .popup(.showPopup), from: .here(), state: { AppGlobalState() })
        middleware = nil
        io?.run(AnyActionHandler { _ in })
        #expect(logger.entries.isEmpty)
    }

    // MARK: - FavoritesAPIMiddleware

    @Test func favoritesAPIDispatchesChangedFavoriteFromTheCallback() throws {
        let api = API()
        let harness = PipelineHarness(
            state: [], reducer: favoritesReducer, middleware: FavoritesAPIMiddleware(api: api))
        harness.send(.toggleFavorite(movie))
        #expect(api.requests == [API.Request(id: movie, makeFavorite: true)])
        #expect(harness.dispatched.values.isEmpty)

        api.completeAll(with: .success(()))
        let dispatched = try #require(harness.dispatched.values.first)
        #expect(dispatched.action == .changedFavorite(movie, isFavorite: true))
        #expect(dispatched.dispatcher.info == "API.changeFavorite callback")
        #expect(dispatched.dispatcher.file == "SwitchyardTests/MiddlewareSamples.swift")
        #expect(dispatched.dispatcher.function == "handle(action:from:state:)")
    }

    @Test func favoritesAPIUnfavoritesAMovieAlreadyInTheList() throws {
        let api = API(autoReply: .success(()))
        let harness = PipelineHarness(
            state: [Movie(id: movie, title: "Dune")], reducer: favoritesReducer,
            middleware: FavoritesAPIMiddleware(api: api), processesOutput: true)
        harness.send(.toggleFavorite(movie))
        #expect(api.requests == [API.Request(id: movie, makeFavorite: false)])
        #expect(harness.dispatched.actions == [.changedFavorite(movie, isFavorite: false)])
        #expect(harness.state.isEmpty)
    }

    @Test func favoritesAPIDispatchesTheFailureFromTheCallback() throws {
        let api = API(autoReply: .failure(APIError(reason: "offline")))
        let harness = PipelineHarness(state: [], middleware: FavoritesAPIMiddleware(api: api))
        harness.send(.toggleFavorite(movie))
        let dispatched = try #require(harness.dispatched.values.first)
        #expect(
            dispatched.action
                == .changedFavoriteHasFailed(movie, isFavorite: false, error: APIError(reason: "offline")))
        #expect(dispatched.dispatcher.info == "API.changeFavorite callback")
    }

    @Test func favoritesAPIIgnoresOtherActionsWithAPureIO() {
        let api = API()
        let middleware = FavoritesAPIMiddleware(api: api)
        let io = middleware.handle(action: .changedFavorite(movie, isFavorite: true), from: .here(), state: { [] })
        #expect(io.isPure)
        #expect(api.requests.isEmpty)
    }

    @Test func loggerAndLiftedFavoritesRunAsOneAppMiddleware() throws {
        let logger = Logger()
        let api = API(autoReply: .success(()))
        let app =
            LoggerMiddleware(logger: logger, now: TickingClock().now)
            .lift(outputAction: absurd)
            <> FavoritesAPIMiddleware(api: api)
            .lift(
                inputAction: \AppGlobalAction.favorites, outputAction: AppGlobalAction.favorites,
                state: \AppGlobalState.favorites)
        let harness = PipelineHarness(
            state: AppGlobalState(), reducer: appReducer, middleware: app, processesOutput: true)
        harness.send(.favorites(.toggleFavorite(movie)))
        #expect(harness.dispatched.actions == [.favorites(.changedFavorite(movie, isFavorite: true))])
        #expect(harness.state.favorites.map(\.id) == [movie])
        #expect(
            logger.entries.compactMap { $0.action as? AppGlobalAction } == [
                .favorites(.toggleFavorite(movie)), .favorites(.changedFavorite(movie, isFavorite: true)),
            ])
        let last = try #require(logger.entries.last)
        #expect((last.before as? AppGlobalState)?.favorites.isEmpty == true)
        #expect((last.after as? AppGlobalState)?.favorites.map(\.id) == [movie])
    }

    // MARK: - The IO sample: show a popup now, hide it later

    @Test func popupIsShownAtOnceAndHiddenLater() async {
        let harness = PipelineHarness(
            state: AppGlobalState(), reducer: appReducer,
            middleware: PopupMiddleware(hideDelay: .milliseconds(5))
                .lift(
                    inputAction: \AppGlobalAction.popup, outputAction: AppGlobalAction.popup,
                    state: \AppGlobalState.isShowingPopup))
        harness.send(.popup(.myExpectedAction))
        #expect(harness.dispatched.actions.first == .popup(.showPopup))
        #expect(await eventually { harness.dispatched.actions.count == 2 })
        #expect(harness.dispatched.actions == [.popup(.showPopup), .popup(.hidePopup)])
    }

    @Test func popupIgnoresOtherActions() {
        let middleware = PopupMiddleware(hideDelay: .milliseconds(5))
        #expect(middleware.handle(action: .somethingElse, from: .here(), state: { false }).isPure)
        #expect(middleware.handle(action: .showPopup, from: .here(), state: { false }).isPure)
    }
}
