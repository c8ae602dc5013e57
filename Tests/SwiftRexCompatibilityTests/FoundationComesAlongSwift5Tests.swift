import SwitchyardSwiftRex
import Testing

/// A SwiftRex file used Foundation without importing it (SwiftRex's CocoaPods module brought it): with
/// `import SwitchyardSwiftRex` alone, it still compiles.
@Suite struct FoundationComesAlongSwift5Tests {
    struct Item: Equatable {
        let id: UUID
        let created: Date
    }

    @Test func foundationTypesNeedNoImportOfTheirOwn() {
        let store = Store<Item, [Item]>(
            initialState: [], reducer: .reduce { item, items in items.append(item) })
        let item = Item(id: UUID(), created: Date(timeIntervalSince1970: 0))
        store.dispatch(item)
        #expect(store.state == [item])
        #expect(NSNumber(value: store.state.count).intValue == 1)
    }
}
