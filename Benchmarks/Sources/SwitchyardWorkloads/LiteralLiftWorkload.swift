import Switchyard

/// W3 written as apps usually write lifts: each `inputAction` a closure literal passed straight to `lift`, which
/// Swift emits at the abstraction `LiftMiddleware` stores it at. W3's closures are stored in ``ManyActionCase``
/// first, so each is called through a reabstraction thunk. Not a benchmark of the harness: run it with
/// `SwitchyardProfile w3-literal N` to see what the thunk costs.
package final class LiteralLiftWorkload: Workload {
    package static let name = "w3-literal"
    private let store: HundredLiftedMiddlewaresStore

    package init() {
        store = HundredLiftedMiddlewaresStore(literalLiftsOfCases0to49() + literalLiftsOfCases50to99())
    }

    package func run(_ count: Int) {
        store.run(count)
    }
}
