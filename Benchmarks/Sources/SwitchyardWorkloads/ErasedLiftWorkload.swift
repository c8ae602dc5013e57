import Switchyard

/// W3e: W3's hundred middlewares as apps write them: each lifted with closure literals at the call site,
/// `m.lift(inputAction: { … }, outputAction: { … })`, erased with `eraseToAnyMiddleware()`, and appended one at a
/// time with `<>`; every action reaches all of them and exactly one (the one of `.m42`) handles it.
package final class ErasedLiftWorkload: Workload {
    package static let name = "w3e"
    private let counter: HundredLiftsCounter

    package init() {
        let m = LocalStateReadingMiddleware()
        counter = HundredLiftsCounter(erasedLiftsOfCases0to49(m) + erasedLiftsOfCases50to99(m))
    }

    package func run(_ count: Int) {
        counter.dispatch(count)
    }
}
