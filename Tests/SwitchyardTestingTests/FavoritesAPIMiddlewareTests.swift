import Switchyard
import SwitchyardTesting
import Testing

@Suite struct FavoritesAPIMiddlewareTests {
    // docs:begin favorites-tests
    @Test func togglingAFavoriteIsConfirmedByTheAPI() async {
        let store = TestStore(
            initialState: FavoritesModel(),
            reducer: FavoritesModel.reducer,
            middleware: FavoritesAPIMiddleware(api: StubFavoritesAPI(response: .success(true)))
        )
        await store.send(.toggleFavorite(7)) { $0.ids = [7] }
        await store.receive(.changedFavorite(7, isFavorite: true))
    }

    @Test func aFailedRequestRevertsTheFavorite() async {
        let store = TestStore(
            initialState: FavoritesModel(ids: [7]),
            reducer: FavoritesModel.reducer,
            middleware: FavoritesAPIMiddleware(api: StubFavoritesAPI(response: .failure(.offline)))
        )
        await store.send(.toggleFavorite(7)) { $0.ids = [] }
        await store.receive(.changedFavoriteHasFailed(7, isFavorite: true, reason: "offline")) { $0.ids = [7] }
    }

    @Test func theMiddlewareDispatchesTheAPIAnswer() async {
        let tester = MiddlewareTester(FavoritesAPIMiddleware(api: StubFavoritesAPI(response: .success(false))))
        let dispatched = await tester.run(
            .toggleFavorite(7),
            stateBefore: FavoritesModel(ids: [7]),
            stateAfter: FavoritesModel(ids: [])
        )
        #expect(dispatched.map(\.action) == [.changedFavorite(7, isFavorite: false)])
        #expect(dispatched.first?.dispatcher.info == "API.changeFavorite response")
    }
    // docs:end favorites-tests

    @Test func otherActionsStartNoRequest() async {
        let tester = MiddlewareTester(FavoritesAPIMiddleware(api: StubFavoritesAPI(response: .success(true))))
        let dispatched = await tester.run(.changedFavorite(7, isFavorite: true), state: FavoritesModel())
        #expect(dispatched.isEmpty)
    }
}
