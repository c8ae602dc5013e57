import Dispatch
import Switchyard
import Testing

/// The records a sink received; the pipeline in these tests runs on one thread.
final class LogRecords: @unchecked Sendable {
    var values: [LogRecord] = []
    func append(_ record: LogRecord) { values.append(record) }
}

// The library's logger is named in full: other test files may declare a fixture of the same name.
@Suite struct LoggerMiddlewareTests {
    let lifecycleSource = ActionSource(
        file: "AppLifecycleMiddleware/AppLifecycleMiddleware.swift", function: "receiveContext(getState:output:)",
        line: 118, info: nil)

    func reachabilitySource(line: UInt) -> ActionSource {
        ActionSource(
            file: "ReachabilityMiddleware/ReachabilityMiddleware.swift", function: "reachability", line: line, info: nil
        )
    }

    @Test func reproducesTheDocumentedLogByteForByte() {
        let log = InMemoryLog()
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring),
                file: "App/BridgeLifecycleToReachability.swift", function: "BridgeMiddleware", line: 7
            )
            .bridge(
                \AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring),
                file: "App/BridgeLifecycleToReachability.swift", function: "BridgeMiddleware", line: 8)
        let pipeline = ManualPipeline(
            state: AppState(), middleware: Switchyard.LoggerMiddleware(sink: log.sink) <> bridges, reducer: .app)

        pipeline.dispatch(.lifecycle(.willEnterForeground), from: lifecycleSource)
        pipeline.dispatch(.lifecycle(.didBecomeActive), from: lifecycleSource)
        pipeline.dispatch(.reachability(.connectedToWired), from: reachabilitySource(line: 21))
        pipeline.dispatch(.reachability(.becameCheap), from: reachabilitySource(line: 46))
        pipeline.dispatch(.reachability(.becameUnconstrained), from: reachabilitySource(line: 56))
        pipeline.dispatch(.lifecycle(.willBecomeInactive), from: lifecycleSource)
        pipeline.dispatch(.lifecycle(.didEnterBackground), from: lifecycleSource)

        #expect(log.text == Self.documentedLog)
    }

    @Test func nilInfoPrintsNilMarker() {
        let log = InMemoryLog()
        let logger = Switchyard.LoggerMiddleware<AppAction, AppState>(sink: log.sink)
        logger.handle(action: .reachability(.becameCheap), from: reachabilitySource(line: 46), state: { AppState() })
            .run(AnyActionHandler { _ in })
        #expect(
            log.entries == [
                """
                ┌─▶ reachability(ReachabilityMiddleware.ReachabilityEvent.becameCheap)
                │ source: ReachabilityMiddleware/ReachabilityMiddleware.swift:46
                │ function: reachability
                │ info: <nil>
                └────────────────────
                """
            ])
    }

    @Test func multiLineInfoStaysInsideTheBox() {
        let log = InMemoryLog()
        let logger = Switchyard.LoggerMiddleware<AppAction, AppState>(sink: log.sink)
        let source = ActionSource(file: "A/B.swift", function: "f()", line: 3, info: "first\nsecond")
        logger.handle(action: .lifecycle(.didBecomeActive), from: source, state: { AppState() })
            .run(AnyActionHandler { _ in })
        #expect(
            log.entries == [
                """
                ┌─▶ lifecycle(AppLifecycleMiddleware.AppLifecycleAction.didBecomeActive)
                │ source: A/B.swift:3
                │ function: f()
                │ info: first
                │       second
                └────────────────────
                """
            ])
    }

    @Test func actionIsPrintedWithModuleQualifiedPayload() {
        let log = InMemoryLog()
        let logger = Switchyard.LoggerMiddleware<AppAction, AppState>(sink: log.sink)
        logger.handle(action: .my(.tree(.other)), from: lifecycleSource, state: { AppState() })
            .run(AnyActionHandler { _ in })
        #expect(
            log.entries.first?.hasPrefix("┌─▶ my(SwitchyardTests.MyAction.tree(SwitchyardTests.TreeAction.other))\n")
                == true)
    }

    @Test func stateDiffShowsChangedLinesAfterReducer() {
        let log = InMemoryLog()
        let pipeline = ManualPipeline(
            state: AppState(),
            middleware: Switchyard.LoggerMiddleware<AppAction, AppState>(stateDiff: true, sink: log.sink),
            reducer: .app)
        _ = pipeline.step(.settings(.setShouldUseReachability(true)), from: lifecycleSource)
        #expect(
            log.entries == [
                """
                ┌─▶ settings(SwitchyardTests.SettingsAction.setShouldUseReachability(true))
                │ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:118
                │ function: receiveContext(getState:output:)
                │ info: <nil>
                │ state:
                │ -     - shouldUseReachability: false
                │ +     - shouldUseReachability: true
                └────────────────────
                """
            ])
    }

    @Test func aRecordsSinkReceivesTheActionItsSourceAndTheChangedLines() {
        let records = LogRecords()
        let pipeline = ManualPipeline(
            state: [1],
            middleware: Switchyard.LoggerMiddleware<Int, [Int]>(stateDiff: true, sink: .records { records.append($0) }),
            reducer: Reducer<Int, [Int]> { value, state in state[0] = value })
        _ = pipeline.step(2, from: lifecycleSource)
        let record = records.values.first
        #expect(record?.action == "2")
        #expect(record?.source == lifecycleSource)
        #expect(record?.stateChanges == ["-   - 1", "+   - 2"])
        #expect(
            record?.text.hasPrefix("┌─▶ 2\n│ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:118") == true)
        LogSink.records { records.append($0) }.write("plain")
        #expect(records.values.last == LogRecord(action: "plain", source: nil, stateChanges: nil, text: "plain"))
    }

    @Test func theBoxComesAfterTheObserversAndBeforeTheIOsOfMiddlewaresComposedBeforeTheLogger() {
        let log = InMemoryLog()
        let echo = AnyMiddleware<Int, Int, Int>(handle: { action, _, _ in
            IO { _ in log.append("IO of the middleware before the logger, for \(action)") }
        })
        let store = Store(
            initialState: 0,
            reducer: Reducer<Int, Int> { action, state in state = action },
            middleware: echo <> Switchyard.LoggerMiddleware<Int, Int>(sink: log.sink)
        )
        let subscription = store.subscribe { state in log.append("observer sees \(state)") }
        log.removeAll()
        store.dispatch(7)
        #expect(log.entries.count == 3)
        #expect(log.entries.first == "observer sees 7")
        #expect(log.entries.dropFirst().first?.hasPrefix("┌─▶ 7") == true)
        #expect(log.entries.last == "IO of the middleware before the logger, for 7")
        subscription.cancel()
    }

    @Test func stateDiffSaysUnchangedWhenReducerChangesNothing() {
        let log = InMemoryLog()
        let pipeline = ManualPipeline(
            state: AppState(),
            middleware: Switchyard.LoggerMiddleware<AppAction, AppState>(stateDiff: true, sink: log.sink),
            reducer: .app)
        _ = pipeline.step(.lifecycle(.didBecomeActive), from: lifecycleSource)
        #expect(log.entries.first?.hasSuffix("│ info: <nil>\n│ state: unchanged\n└────────────────────") == true)
    }

    @Test func stateDiffMatchesInsertedLines() {
        let log = InMemoryLog()
        let pipeline = ManualPipeline(
            state: [1, 2, 3], middleware: Switchyard.LoggerMiddleware<Int, [Int]>(stateDiff: true, sink: log.sink),
            reducer: Reducer<Int, [Int]> { value, state in state.insert(value, at: 1) })
        _ = pipeline.step(9, from: lifecycleSource)
        let stateLines = log.entries.first?.split(separator: "\n").drop { !$0.hasPrefix("│ state:") }.dropLast()
        #expect(stateLines.map(Array.init) == ["│ state:", "│ - ▿ 3 elements", "│ + ▿ 4 elements", "│ +   - 9"])
    }

    @Test func filterSkipsActionsWithPureIO() {
        let log = InMemoryLog()
        let logger = Switchyard.LoggerMiddleware<AppAction, AppState>(
            filter: { action, _ in action.lifecycle == nil }, sink: log.sink)
        let skipped = logger.handle(action: .lifecycle(.didBecomeActive), from: lifecycleSource, state: { AppState() })
        let kept = logger.handle(action: .reachability(.becameCheap), from: lifecycleSource, state: { AppState() })
        #expect(skipped.isPure)
        kept.run(AnyActionHandler { _ in })
        #expect(log.entries.count == 1 && log.entries[0].contains("becameCheap"))
    }

    @Test func loggerDispatchesNothingAndWritesOnlyWhenIORuns() {
        let log = InMemoryLog()
        let logger = Switchyard.LoggerMiddleware<AppAction, AppState>(sink: log.sink)
        let io = logger.handle(action: .lifecycle(.didBecomeActive), from: lifecycleSource, state: { AppState() })
        #expect(log.entries.isEmpty)
        let recorder = Recorder<AppAction>()
        io.run(AnyActionHandler { recorder.append($0) })
        #expect(recorder.values.isEmpty)
        #expect(log.entries.count == 1)
    }

    @Test func inMemoryLogKeepsEveryEntryWrittenFromManyThreads() {
        let log = InMemoryLog()
        let sink = log.sink
        DispatchQueue.concurrentPerform(iterations: 500) { sink.write("\($0)") }
        #expect(Set(log.entries) == Set((0..<500).map(String.init)))
        log.removeAll()
        #expect(log.entries.isEmpty && log.text.isEmpty)
    }

    static let documentedLog = """
        ┌─▶ lifecycle(AppLifecycleMiddleware.AppLifecycleAction.willEnterForeground)
        │ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:118
        │ function: receiveContext(getState:output:)
        │ info: <nil>
        └────────────────────
        ┌─▶ lifecycle(AppLifecycleMiddleware.AppLifecycleAction.didBecomeActive)
        │ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:118
        │ function: receiveContext(getState:output:)
        │ info: <nil>
        └────────────────────
        ┌─▶ reachability(ReachabilityMiddleware.ReachabilityEvent.startMonitoring)
        │ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:118
        │ function: receiveContext(getState:output:)
        │ info: Bridged from lifecycle(AppLifecycleMiddleware.AppLifecycleAction.didBecomeActive) at \
        BridgeLifecycleToReachability.swift, BridgeMiddleware:7
        └────────────────────
        ┌─▶ reachability(ReachabilityMiddleware.ReachabilityEvent.connectedToWired)
        │ source: ReachabilityMiddleware/ReachabilityMiddleware.swift:21
        │ function: reachability
        │ info: <nil>
        └────────────────────
        ┌─▶ reachability(ReachabilityMiddleware.ReachabilityEvent.becameCheap)
        │ source: ReachabilityMiddleware/ReachabilityMiddleware.swift:46
        │ function: reachability
        │ info: <nil>
        └────────────────────
        ┌─▶ reachability(ReachabilityMiddleware.ReachabilityEvent.becameUnconstrained)
        │ source: ReachabilityMiddleware/ReachabilityMiddleware.swift:56
        │ function: reachability
        │ info: <nil>
        └────────────────────
        ┌─▶ lifecycle(AppLifecycleMiddleware.AppLifecycleAction.willBecomeInactive)
        │ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:118
        │ function: receiveContext(getState:output:)
        │ info: <nil>
        └────────────────────
        ┌─▶ lifecycle(AppLifecycleMiddleware.AppLifecycleAction.didEnterBackground)
        │ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:118
        │ function: receiveContext(getState:output:)
        │ info: <nil>
        └────────────────────
        ┌─▶ reachability(ReachabilityMiddleware.ReachabilityEvent.stopMonitoring)
        │ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:118
        │ function: receiveContext(getState:output:)
        │ info: Bridged from lifecycle(AppLifecycleMiddleware.AppLifecycleAction.didEnterBackground) at \
        BridgeLifecycleToReachability.swift, BridgeMiddleware:8
        └────────────────────

        """
}
