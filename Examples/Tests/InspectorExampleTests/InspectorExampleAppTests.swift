import InspectorExampleApp
import Switchyard
import SwitchyardTesting
import Testing

@Suite struct InspectorExampleAppTests {
    @Test func aSearchShowsItsResultsAndSelectingOneAddsItToTheFavorites() async {
        let store = TestStore(initialState: AppState(), reducer: appReducer, middleware: appMiddleware)
        await store.send(.search(.queryChanged("concurrency"))) {
            $0.query = "concurrency"
            $0.searches = ["concurrency": 1]
            $0.phase = .searching(query: "concurrency")
        }
        await store.receive(.search(.resultsArrived(["Swift Concurrency", "Structured Concurrency"]))) {
            $0.results = ["Swift Concurrency", "Structured Concurrency"]
            $0.phase = .done(.found(count: 2, first: "Swift Concurrency"))
        }
        await store.send(.search(.select("Structured Concurrency"))) { $0.selected = "Structured Concurrency" }
        await store.receive(.favorites(.add("Structured Concurrency"))) { $0.favorites = ["Structured Concurrency"] }
        await store.send(.favorites(.remove("Structured Concurrency"))) {
            $0.favorites = []
            $0.removed = ["Structured Concurrency"]
        }
    }
}
