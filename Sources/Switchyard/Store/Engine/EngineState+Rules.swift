extension EngineState {
    // MARK: - The rules between two steps

    /// The rules that the engine's fields keep together after each of its methods returns, as code: each rule it
    /// breaks is named in the result, which is empty while it keeps them all. The table tests check it after every
    /// step they take, and the contention tests once their threads are done.
    ///
    /// What waits for the store (the queue, the out-of-band commits, the tasks waiting for it to be idle) is kept
    /// beside ``phase``, not in its cases, where a wrong combination could not be built: out-of-band commits and
    /// idle waiters hold references, and a case holding references costs every write of the phase a retain and a
    /// release. Measured with two such optional arrays in the processing case (callgrind, instruction gate, Swift 6
    /// mode): w1 284 → 352 instructions per dispatch, t2 1,282 → 1,485, u4 417 → 593. The queue keeps its storage
    /// while the store is idle, so that a store fed one action at a time allocates none.
    var brokenRules: [String] {
        var broken: [String] = []
        func rule(_ holds: Bool, _ text: @autoclosure () -> String) {
            if !holds { broken.append(text()) }
        }
        rule(outOfBand.map { !$0.isEmpty } ?? true, "waiting out-of-band commits are nil, never an empty array")
        rule(idleWaiters.map { !$0.isEmpty } ?? true, "the idle waiters are nil, never an empty array")
        rule(waitingReaders >= 0, "the waiting readers are counted from 0 (\(waitingReaders))")
        rule(waitingProducers >= 0, "the waiting producers are counted from 0 (\(waitingProducers))")
        switch phase {
        case .idle:
            rule(queue.isEmpty, "an idle store queues nothing (\(queue.count) queued)")
            rule(outOfBand == nil, "an idle store has no out-of-band commit waiting")
            rule(idleWaiters == nil, "an idle store has no task waiting for it to be idle")
            rule(retired.isEmpty, "an idle store keeps no replaced snapshot: it was let go of at the last decision")
            rule(detachHooks == nil, "an idle store keeps no detach hook to call")
        case .scheduled:
            rule(!queue.isEmpty || outOfBand != nil, "scheduled work has an action or an out-of-band commit to run")
            rule(retired.isEmpty, "scheduled work keeps no replaced snapshot: nobody processes")
            rule(detachHooks == nil, "scheduled work keeps no detach hook to call: nobody processes")
        case .processing(let processing):
            rule(processing.budget >= 0, "the processing turn's budget is never below 0 (\(processing.budget))")
            rule(
                processing.givenBack == 0 || processing.stage.change != nil,
                "only an out-of-band change gives actions back (\(processing.givenBack) given back)")
            rule(
                Int(processing.givenBack) <= queue.count,
                "the actions given back are at the front of the queue (\(processing.givenBack) of \(queue.count))")
            rule(
                processing.ownsCurrent || processing.current == Processing.othersAction,
                "the action processed is the turn's own or no turn's")
        case .closed:
            rule(queue.isEmpty, "a closed store queues nothing (\(queue.count) queued)")
            rule(outOfBand == nil, "a closed store has no out-of-band commit waiting: they were told they never ran")
            rule(idleWaiters == nil, "a closed store has no task waiting for it: they were resumed")
            rule(holds.isEmpty, "a closed store holds no action for a tool")
            rule(registrations == nil, "a closed store has no snapshot of its registrations")
            rule(
                registered.observers.isEmpty && registered.runtime.isEmpty && registered.probes.isEmpty,
                "a closed store has nothing registered")
        }
        return broken
    }
}
