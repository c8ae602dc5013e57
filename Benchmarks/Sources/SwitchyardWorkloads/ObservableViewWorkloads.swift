import Dispatch
import Observation
import Switchyard
import Synchronization

/// Runs `body` on the main actor: at once on the main thread, through the main queue from another thread.
func onMainActor<Result: Sendable>(_ body: @MainActor () -> Result) -> Result {
    if isMainThread() {
        return MainActor.assumeIsolated(body)
    }
    return withoutActuallyEscaping(body) { body in
        let box = UncheckedBody(body)
        return DispatchQueue.main.sync { MainActor.assumeIsolated { box.body() } }
    }
}

/// A main-actor closure carried to the main queue, which runs it before `sync` returns.
private struct UncheckedBody<Result>: @unchecked Sendable {
    let body: @MainActor () -> Result
    init(_ body: @escaping @MainActor () -> Result) { self.body = body }
}

private let mainKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

private func isMainThread() -> Bool { DispatchQueue.getSpecific(key: mainKey) == 1 }

/// V1: W1's counter with one observable view reading the count, on a store that processes on the main thread: what
/// a view adds to each action on the processing thread.
package final class ObservableViewWorkload: Workload, @unchecked Sendable {
    package static let name = "v1"
    private let store: Store<CounterAction, Counter>
    private let view: ObservableStore<CounterAction, Counter>

    package init() {
        let store = Store(initialState: Counter(), reducer: .counter, scheduling: .mainThread)
        self.store = store
        view = onMainActor { store.observable() }
        _ = onMainActor { [view] in view.count }
    }

    package func run(_ count: Int) {
        let (store, view) = (store, view)
        onMainActor {
            let expected = view.count + count
            for _ in 0..<count {
                store.dispatch(.increment)
            }
            precondition(view.count == expected, "the view missed states")
        }
    }
}

/// An element of V1000's collection.
package struct Item: Sendable, Equatable, Identifiable {
    package let id: Int
    package var value: Int
}

/// V1000's action: change one element.
package enum ItemAction: Sendable, Equatable {
    case bump(id: Int)
}

/// V1000: a thousand observable views, each a row scoped to one element of a 1,000-element state and observed as
/// a SwiftUI body would be; every action changes one element. Exactly one view is invalidated per action (checked
/// at the end of each run), and only that one is observed again.
package final class ThousandViewsWorkload: Workload, @unchecked Sendable {
    package static let name = "v1000"
    private let rows: ObservedRows

    package init() {
        let store = thousandItemsStore()
        rows = ObservedRows(
            store: store,
            rows: onMainActor {
                let root = store.observable()
                return (0..<1_000).map { id in
                    root.scope(
                        element: id, in: { $0 },
                        action: { (element: ElementIDAction<Int, ItemAction>) in element.action })!
                }
            })
    }

    package func run(_ count: Int) {
        let total = rows.bump(count)
        precondition(total == count, "\(total) views invalidated for \(count) actions: one per action expected")
    }
}

/// V1000's state, a thousand items, in a store that processes on the main thread.
func thousandItemsStore() -> Store<ItemAction, [Item]> {
    Store(
        initialState: (0..<1_000).map { Item(id: $0, value: 0) },
        reducer: Reducer<ItemAction, [Item]> { action, items in
            if case .bump(let id) = action { items[id].value += 1 }
        },
        scheduling: .mainThread
    )
}

/// The rows of V1000 and V1000c, each observed as a SwiftUI body is; an action bumps one row, the next in turn, and
/// only the rows that it invalidated are observed again.
final class ObservedRows: @unchecked Sendable {
    private let store: Store<ItemAction, [Item]>
    private let rows: [ObservableStore<ItemAction, Item>]
    private let invalidated = Mutex<[Int]>([])
    private var next = 0

    init(store: Store<ItemAction, [Item]>, rows: [ObservableStore<ItemAction, Item>]) {
        self.store = store
        self.rows = rows
        for id in rows.indices { observe(id) }
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

    /// Dispatches `count` actions, each bumping the next row, observes again the rows they invalidated, and returns
    /// how many rows were invalidated.
    func bump(_ count: Int) -> Int {
        var total = 0
        for _ in 0..<count {
            let id = next
            next = (next + 1) % rows.count
            onMainActor { store.dispatch(.bump(id: id)) }
            let ids = invalidated.withLock { ids in
                defer { ids.removeAll(keepingCapacity: true) }
                return ids
            }
            total += ids.count
            for id in ids { observe(id) }
        }
        return total
    }
}
