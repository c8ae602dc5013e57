import Switchyard

/// The state of the soak's store: a counter for every kind of action, so that the run can check afterwards that
/// none was lost.
struct SoakState: Sendable, Equatable {
    /// The `.increment` actions reduced.
    var increments = 0
    /// The `.search` actions reduced, and the last query typed.
    var searches = 0
    var query = ""
    /// The `.results` actions reduced, and the query the last of them answered.
    var results = 0
    var lastAnsweredQuery = ""
    /// The `.chain` steps reduced, and the chains whose last step was reduced.
    var chainSteps = 0
    var chainsFinished = 0
    /// The `.audited` actions that runtime middlewares dispatched.
    var audits = 0
}

/// The actions of the soak's store.
enum SoakAction: Sendable {
    /// Adds one to the counter; several threads dispatch it without pause.
    case increment
    /// The search field's text changed: starts a search, cancelling the one in flight.
    case search(String)
    /// The answer of a search.
    case results(query: String, hits: Int)
    /// One step of a chain of follow-ups: the IO of step `n` dispatches step `n + 1`, up to the chain's length.
    case chain(id: Int, step: Int)
    /// Dispatched by a runtime middleware when it sees a chain finish.
    case audited

    /// The query of a `.search`.
    var query: String? {
        if case .search(let query) = self { query } else { nil }
    }
}

extension SoakState {
    /// The soak's reducer: it counts every action in `counters.processed`, then in the state.
    static func reducer(chainLength: Int, counters: SoakCounters) -> Reducer<SoakAction, SoakState> {
        Reducer { action, state in
            counters.processed.add(1, ordering: .relaxed)
            switch action {
            case .increment:
                state.increments += 1
            case .search(let query):
                state.searches += 1
                state.query = query
            case .results(let query, _):
                state.results += 1
                state.lastAnsweredQuery = query
            case .chain(_, let step):
                state.chainSteps += 1
                if step == chainLength - 1 { state.chainsFinished += 1 }
            case .audited:
                state.audits += 1
            }
        }
    }
}
