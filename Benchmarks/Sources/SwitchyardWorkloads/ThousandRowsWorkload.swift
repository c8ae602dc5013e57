import Observation
import Switchyard
import Synchronization

/// V1000c: V1000's thousand rows made the way a SwiftUI list makes them, with `ForEach` over
/// `scope(collection:action:)`; the list's body (which reads the rows) and every row are observed, and every action
/// changes one element. Exactly one row is invalidated per action and the list never is (checked at the end of each
/// run); only the invalidated row is observed again.
package final class ThousandRowsWorkload: Workload, @unchecked Sendable {
    package static let name = "v1000c"
    private let root: ObservableStore<ItemAction, [Item]>
    private let rows: ObservedRows
    private let listInvalidated = Mutex(false)

    package init() {
        let store = thousandItemsStore()
        let root = onMainActor { store.observable() }
        self.root = root
        let rows = onMainActor {
            Array(
                root.scope(
                    collection: \.self, action: { (element: ElementIDAction<Int, ItemAction>) in element.action }))
        }
        self.rows = ObservedRows(store: store, rows: rows)
        onMainActor {
            withObservationTracking {
                _ = root.scope(
                    collection: \.self, action: { (element: ElementIDAction<Int, ItemAction>) in element.action })
            } onChange: { [self] in
                listInvalidated.withLock { $0 = true }
            }
        }
    }

    package func run(_ count: Int) {
        let total = rows.bump(count)
        precondition(total == count, "\(total) rows invalidated for \(count) actions: one per action expected")
        precondition(!listInvalidated.withLock { $0 }, "the list was invalidated, though no id moved")
    }
}
