import Foundation

extension Soak {
    /// Waits, once the producers have stopped, until the store has processed every action they dispatched and let
    /// go of every observer and middleware; returns what is still missing after `timeout`, empty when nothing is.
    func drain(timeout: Duration) -> [String] {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var problems = checkDrained()
        while !problems.isEmpty, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            problems = checkDrained()
        }
        return problems
    }

    private func checkDrained() -> [String] {
        let state = store.state
        var problems: [String] = []
        let increments = counters.incrementsDispatched.load(ordering: .relaxed)
        if state.increments != increments {
            problems.append("increments: \(increments) dispatched, \(state.increments) reduced")
        }
        let searches = counters.searchesDispatched.load(ordering: .relaxed)
        if state.searches != searches {
            problems.append("searches: \(searches) dispatched, \(state.searches) reduced")
        }
        let lastQuery = counters.lastQuery.withLock { $0 }
        if state.lastAnsweredQuery != lastQuery {
            problems.append(
                "search: the last query \"\(lastQuery)\" was not answered (\"\(state.lastAnsweredQuery)\" was)")
        }
        let chains = counters.chainsStarted.load(ordering: .relaxed)
        if state.chainsFinished != chains || state.chainSteps != chains * Self.chainLength {
            problems.append(
                "chains: \(chains) started, \(state.chainsFinished) finished, "
                    + "\(state.chainSteps) of \(chains * Self.chainLength) steps reduced"
            )
        }
        let observers = counters.liveObservers.load(ordering: .relaxed)
        if observers != 0 { problems.append("observers: the store still holds \(observers) cancelled observers") }
        let streams = counters.liveStreams.load(ordering: .relaxed)
        if streams != 0 { problems.append("states: \(streams) cancelled consumers have not ended") }
        let middlewares = counters.liveMiddlewares.load(ordering: .relaxed)
        let registered = store.runtimeMiddlewares.count
        if middlewares != 0 || registered != 0 {
            problems.append("middlewares: \(registered) registered, \(middlewares) held after removal")
        }
        return problems
    }
}
