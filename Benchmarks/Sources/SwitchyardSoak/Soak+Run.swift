import Foundation
import Synchronization

extension Soak {
    /// Runs the soak for `seconds`, printing one line a second and a summary; returns the process's exit code: 0
    /// when memory stayed bounded and the store lost nothing.
    func run(seconds: Int) -> Int32 {
        var report = SoakReport()
        print("soak: \(seconds) s, \(Self.incrementThreads) increment threads, search, chains of \(Self.chainLength)")
        print(SoakReport.header)
        let clock = ContinuousClock()
        let started = clock.now
        start()
        var previous = (time: started, processed: 0, chains: 0, answers: 0)
        for second in 1...seconds {
            let due = started.advanced(by: .seconds(second))
            let wait = due - clock.now
            if wait > .zero { Thread.sleep(forTimeInterval: Self.seconds(wait)) }
            let now = clock.now
            let processed = counters.processed.load(ordering: .relaxed)
            let state = store.state
            let status = ProcessStatus.current()
            let line = report.record(
                SoakReport.Sample(
                    second: second,
                    actionsPerSecond: Double(processed - previous.processed) / Self.seconds(now - previous.time),
                    residentBytes: status.residentBytes,
                    threads: status.threads,
                    subscriptions: counters.liveObservers.load(ordering: .relaxed)
                        + counters.liveStreams.load(ordering: .relaxed),
                    middlewares: counters.liveMiddlewares.load(ordering: .relaxed),
                    chainsFinished: state.chainsFinished - previous.chains,
                    answers: state.results - previous.answers
                )
            )
            print(line)
            fflush(nil)
            previous = (now, processed, state.chainsFinished, state.results)
        }
        let stopping = clock.now
        stop()
        let problems = drain(timeout: .seconds(60))
        let drained = clock.now - stopping
        let (lines, passed) = report.summary(problems: problems, totals: totals(drained: drained))
        print("== summary")
        for line in lines { print(line) }
        fflush(nil)
        return passed ? 0 : 1
    }

    private func totals(drained: Duration) -> [String] {
        let state = store.state
        func load(_ counter: borrowing Atomic<Int>) -> Int { counter.load(ordering: .relaxed) }
        return [
            String(format: "stopped and drained in %.2f s; ", Self.seconds(drained))
                + "RSS then \(SoakReport.megabytes(ProcessStatus.current().residentBytes)) MB",
            "actions: \(load(counters.processed)) reduced; increments \(state.increments) of "
                + "\(load(counters.incrementsDispatched)) dispatched; searches \(state.searches) of "
                + "\(load(counters.searchesDispatched)), \(state.results) answered; chains \(state.chainsFinished) of "
                + "\(load(counters.chainsStarted)), \(state.chainSteps) steps; audits \(state.audits)",
            "churn: \(load(counters.subscriptionRounds)) subscription rounds "
                + "(observer calls \(load(counters.observerCalls)), main-actor calls \(load(counters.mainActorCalls)), "
                + "states elements \(load(counters.streamElements))); "
                + "\(load(counters.middlewareRounds)) runtime middlewares added and removed "
                + "(calls \(load(counters.middlewareCalls)))",
        ]
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
