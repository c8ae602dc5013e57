import Switchyard

/// The actions of an area of W3c's app: its hundred features' actions, and one of its own.
package enum AreaAction: Sendable {
    case feature(ManyAction)
    case refresh
}

/// The actions of W3c's app: its area's actions, and one of its own.
package enum ChainedAppAction: Sendable {
    case area(AreaAction)
    case quit
}

/// W3c: W3e as a modular app writes it, three levels deep. Each of the hundred features' middlewares is lifted to
/// the area's `ManyAction` with closure literals and erased (W3e's middlewares); the area composes them, erased, and
/// lifts the composition to `AreaAction`, erased; the app lifts the area to `ChainedAppAction`, erased. Every action
/// reaches all of them, through the app's and the area's maps, and exactly one (the one of `.m42`) handles it.
package final class ErasedLiftChainWorkload: Workload {
    package static let name = "w3c"
    private let store: Store<ChainedAppAction, Counter>

    package init() {
        let m = LocalStateReadingMiddleware()
        let features = erasedLiftsOfCases0to49(m) + erasedLiftsOfCases50to99(m)
        precondition(features.count == 100)
        let area = appendingOneAtATime(features).lift(
            inputAction: { (action: AreaAction) in if case .feature(let feature) = action { feature } else { nil } },
            outputAction: { AreaAction.feature($0) }
        )
        .eraseToAnyMiddleware()
        let app = area.lift(
            inputAction: { (action: ChainedAppAction) in if case .area(let area) = action { area } else { nil } },
            outputAction: { ChainedAppAction.area($0) }
        )
        .eraseToAnyMiddleware()
        // Erased, the lifted composition stays a composition of the hundred middlewares, each lifted: the library's
        // tests pin that flattening.
        store = Store(
            initialState: Counter(),
            reducer: Reducer { _, state in state.count += 1 },
            middleware: app
        )
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.area(.feature(.m42(1))))
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}
