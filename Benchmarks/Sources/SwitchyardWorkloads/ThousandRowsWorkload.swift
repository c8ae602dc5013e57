import Observation
import Switchyard
import Synchronization

/// V1000c: V1000's thousand rows made the way a SwiftUI list makes them, with `ForEach` over
/// `scope(collection:action:)`; the list's body (which reads the rows) and every row are observed, and every action
/// changes one element. Exactly one row is invalidated per action and the list never is (checked at the end of each
/// run); only the invalidated row is observed again.
package final class ThousandRowsWorkload: Workload, @unchecked Sendable {
    package static let name = "v1000c"
    private let store: Store<ItemAction, [Item]>
    private let root: ObservableStore<ItemAction, [Item]>
    private let rows: [ObservableStore<ItemAction, Item>]
    private let invalidated = Mutex<[Int]>([])
    private let listInvalidated = Mutex(false)
    private var next = 0

    package init() {
        let store = Store(
            initialState: (0..<1_000).map { Item(id: $0, value: 0) },
            reducer: Reducer<ItemAction, [Item]>.reduce { action, items in
                if case .bump(let id) = action { items[id].value += 1 }
            },
            scheduling: .mainThread
        )
        self.store = store
        let root = onMainActor { store.observable() }
        self.root = root
        rows = onMainActor {
            Array(
                root.scope(
                    collection: \.self, action: { (element: ElementIDAction<Int, ItemAction>) in element.action }))
        }
        onMainActor {
            withObservationTracking {
                _ = root.scope(
                    collection: \.self, action: { (element: ElementIDAction<Int, ItemAction>) in element.action })
            } onChange: { [self] in
                listInvalidated.withLock { $0 = true }
            }
        }
        for id in 0..<1_000 { observe(id) }
    }

    private func observe(_ id: Int) {
        let row = rows[id]
        onMainActor {
            withObservationTracking {
                _ = row.value
            } onChange: { [self] in
                invalidated.withLock { $0.append(id) }
            }
        }
    }

    package func run(_ count: Int) {
        var total = 0
        for _ in 0..<count {
            let id = next
            next = (next + 1) % 1_000
            onMainActor { store.dispatch(.bump(id: id)) }
            let ids = invalidated.withLock { ids in
                defer { ids.removeAll(keepingCapacity: true) }
                return ids
            }
            total += ids.count
            for id in ids { observe(id) }
        }
        precondition(total == count, "\(total) rows invalidated for \(count) actions: one per action expected")
        precondition(!listInvalidated.withLock { $0 }, "the list was invalidated, though no id moved")
    }
}
