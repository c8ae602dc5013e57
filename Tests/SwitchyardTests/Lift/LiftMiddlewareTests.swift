import Switchyard
import Testing

@Suite struct LiftMiddlewareTests {
    private typealias Traced = TraceMiddleware<String, Int>

    private typealias Mid = LiftLevels.Mid
    private typealias MidState = LiftLevels.MidState
    private typealias Top = LiftLevels.Top
    private typealias TopState = LiftLevels.TopState

    /// Increments the local count on every mapped action.
    private var topReducer: Reducer<Top, TopState> {
        Reducer<Mid, Int> { _, count in count += 1 }.lift(action: \Top.mid, state: \TopState.mid.count)
    }

    private let topActions: [Top] = [.mid(.text("a")), .other, .mid(.noise), .mid(.text("b"))]

    /// Sends `actions` through `middleware` and returns the trace and what it dispatched.
    private func run<M: MiddlewareProtocol>(
        _ middleware: M,
        trace: Trace,
        state: M.StateType,
        reducer: Reducer<M.InputActionType, M.StateType> = .identity,
        actions: [M.InputActionType]
    ) -> (trace: [String], dispatched: [M.OutputActionType]) {
        let harness = PipelineHarness(state: state, reducer: reducer, middleware: middleware)
        for action in actions { harness.send(action) }
        return (trace.entries, harness.dispatched.actions)
    }

    private func traced(_ trace: Trace) -> Traced {
        Traced(name: "t", trace: trace) { [$0 + "!"] }
    }

    @Test func liftWithIdentityMapsBehavesAsTheOriginal() {
        let original = Trace()
        let lifted = Trace()
        let counting = Reducer<String, Int> { _, count in count += 1 }
        let expected = run(traced(original), trace: original, state: 0, reducer: counting, actions: ["a", "b"])
        let actual = run(
            traced(lifted).lift(inputAction: { $0 }, outputAction: { $0 }, state: { (state: Int) in state }),
            trace: lifted, state: 0, reducer: counting, actions: ["a", "b"])
        #expect(actual.trace == expected.trace)
        #expect(actual.dispatched == expected.dispatched)
        #expect(expected.trace == ["t.handle(0)", "t.io(1)", "t.handle(1)", "t.io(2)"])
    }

    @Test func liftingTwiceEqualsLiftingOnceWithComposedMaps() {
        let twiceTrace = Trace()
        let onceTrace = Trace()
        let twice = traced(twiceTrace)
            .lift(inputAction: \Mid.text, outputAction: Mid.text, state: \MidState.count)
            .lift(inputAction: \Top.mid, outputAction: Top.mid, state: \TopState.mid)
        let once = traced(onceTrace).lift(
            inputAction: { (top: Top) in top.mid?.text },
            outputAction: { Top.mid(.text($0)) },
            state: \TopState.mid.count)
        let state = TopState(mid: MidState(count: 0))
        let left = run(twice, trace: twiceTrace, state: state, reducer: topReducer, actions: topActions)
        let right = run(once, trace: onceTrace, state: state, reducer: topReducer, actions: topActions)
        #expect(left.trace == right.trace)
        #expect(left.dispatched == right.dispatched)
        #expect(left.trace == ["t.handle(0)", "t.io(1)", "t.handle(2)", "t.io(3)"])
        #expect(left.dispatched == [.mid(.text("a!")), .mid(.text("b!"))])
    }

    @Test func unmappedInputActionDoesNotCallTheMiddlewareAndReturnsPureIO() {
        let trace = Trace()
        let lifted = traced(trace).lift(
            inputAction: { (top: Top) in top.mid?.text }, outputAction: { Top.mid(.text($0)) },
            state: \TopState.mid.count)
        let state = TopState(mid: MidState(count: 0))
        #expect(lifted.handle(action: .other, from: .here(), state: { state }).isPure)
        #expect(lifted.handle(action: .mid(.noise), from: .here(), state: { state }).isPure)
        #expect(trace.entries.isEmpty)
    }

    @Test func liftedIOKeepsTheSourceOfTheWrappedDispatch() {
        let trace = Trace()
        let lifted = traced(trace).lift(outputAction: Mid.text)
        let harness = PipelineHarness(state: 0, middleware: lifted)
        harness.send("go")
        #expect(harness.dispatched.actions == [.text("go!")])
        #expect(harness.dispatched.values[0].dispatcher.file == "SwitchyardTests/TraceMiddleware.swift")
        #expect(harness.dispatched.values[0].dispatcher.info == "t")
    }

    // MARK: - In a composition

    /// A composition of up to a few hundred middlewares calls a lift through a leaf of its own, which skips the
    /// actions the lift does not map; a larger one loops over its middlewares. Either way the lift does what its
    /// `handle` does alone, and calls `inputAction` once per action.
    @Test(arguments: ["composed", "erased, then composed", "in a composition too large to fuse"])
    func aLiftInACompositionDoesWhatItsHandleDoes(_ shape: String) {
        func lifted(_ trace: Trace, maps: Trace) -> LiftMiddleware<Top, Top, TopState, Traced> {
            traced(trace).lift(
                inputAction: { (top: Top) -> String? in
                    maps.append("\(top)")
                    return top.mid?.text
                },
                outputAction: { Top.mid(.text($0)) },
                state: \TopState.mid.count)
        }
        let state = TopState(mid: MidState(count: 4))
        let (aloneTrace, aloneMaps) = (Trace(), Trace())
        let alone = run(
            lifted(aloneTrace, maps: aloneMaps), trace: aloneTrace, state: state, reducer: topReducer,
            actions: topActions)
        #expect(alone.trace == ["t.handle(4)", "t.io(5)", "t.handle(6)", "t.io(7)"])
        #expect(alone.dispatched == [.mid(.text("a!")), .mid(.text("b!"))])
        #expect(aloneMaps.entries.count == topActions.count)

        let (trace, maps) = (Trace(), Trace())
        let lift = lifted(trace, maps: maps)
        let silent = AnyMiddleware<Top, Top, TopState> { _, _, _ in .pure() }
        let composition: ComposedMiddleware<Top, Top, TopState> =
            switch shape {
            case "composed": silent <> lift <> silent
            case "erased, then composed": silent <> lift.eraseToAnyMiddleware() <> silent
            default:
                (Array(repeating: silent, count: 300) + [lift.eraseToAnyMiddleware(), silent])
                    .reduce(ComposedMiddleware()) { $0 <> $1 }
            }
        let inComposition = run(composition, trace: trace, state: state, reducer: topReducer, actions: topActions)
        #expect(inComposition.trace == alone.trace)
        #expect(inComposition.dispatched == alone.dispatched)
        #expect(maps.entries == aloneMaps.entries)
    }

    /// A composition calls runs of eight lifts of one type through one node that calls their input maps itself.
    /// Runs of lifts, cut by a middleware of another type, with leftovers shorter than eight, keep the order of the
    /// calls and of the IOs: the same as a composition too large to fuse, which loops over its middlewares.
    @Test func runsOfLiftsOfOneTypeKeepTheOrderOfTheirCallsAndIOs() {
        func run(padding: Int) -> (trace: [String], dispatched: [Top], maps: [String]) {
            let (trace, maps) = (Trace(), Trace())
            let lifts = (0..<19).map { index in
                TraceMiddleware<String, Int>(name: "t\(index)", trace: trace) { [$0 + "\(index)"] }.lift(
                    inputAction: { (top: Top) -> String? in
                        maps.append("t\(index)")
                        return top.mid?.text
                    },
                    outputAction: { Top.mid(.text($0)) },
                    state: \TopState.mid.count)
            }
            let other = AnyMiddleware<Top, Top, TopState> { action, _, _ in
                trace.append("other \(action)")
                return IO { _ in trace.append("other.io") }
            }
            let silent = AnyMiddleware<Top, Top, TopState> { _, _, _ in .pure() }
            let elements =
                lifts[0..<10].map { $0.eraseToAnyMiddleware() } + [other]
                + lifts[10...].map { $0.eraseToAnyMiddleware() }
                + Array(repeating: silent, count: padding)
            let composition = elements.reduce(ComposedMiddleware()) { $0 <> $1 }
            let result = self.run(
                composition, trace: trace, state: TopState(mid: MidState(count: 1)), reducer: topReducer,
                actions: topActions)
            return (result.trace, result.dispatched, maps.entries)
        }
        let fused = run(padding: 0)
        let looped = run(padding: 300)
        #expect(fused.trace == looped.trace)
        #expect(fused.dispatched == looped.dispatched)
        #expect(fused.maps == looped.maps)
        #expect(fused.maps.count == 19 * topActions.count)
        #expect(fused.trace.prefix(3) == ["t0.handle(1)", "t1.handle(1)", "t2.handle(1)"])
        #expect(fused.trace[10] == "other mid(SwitchyardTests.LiftLevels.Mid.text(\"a\"))")
        #expect(fused.trace[20] == "t18.io(2)")
        #expect(fused.trace[29] == "other.io")
        #expect(fused.trace[30] == "t9.io(2)")
        #expect(fused.dispatched.prefix(2) == [.mid(.text("a18")), .mid(.text("a17"))])
    }

    /// A store gives each lift that maps the state a lifted getter made once, for that store. So one middleware
    /// value run by two stores reads, at every action, the state of the store that runs it: in `handle` the state
    /// before the reducer, in its IO the state after.
    @Test(arguments: [
        "alone", "composed", "in a node of eight lifts", "added at runtime", "in a composition too large to fuse",
        "a lift of a lift", "an erased lift lifted again",
    ])
    func aStateLiftReadsTheStateOfTheStoreThatRunsIt(_ shape: String) {
        let trace = Trace()
        // It dispatches nothing: its replies would reach it again in a store.
        let traced = Traced(name: "t", trace: trace)
        let local = traced.lift(
            inputAction: { (mid: Mid) in mid.text }, outputAction: { Mid.text($0) }, state: \MidState.count)
        let lift: AnyMiddleware<Top, Top, TopState> =
            switch shape {
            case "a lift of a lift":
                local.lift(inputAction: { (top: Top) in top.mid }, outputAction: { Top.mid($0) }, state: \TopState.mid)
                    .eraseToAnyMiddleware()
            case "an erased lift lifted again":
                local.eraseToAnyMiddleware().lift(
                    inputAction: { (top: Top) in top.mid }, outputAction: { Top.mid($0) }, state: \TopState.mid
                ).eraseToAnyMiddleware()
            default:
                traced.lift(
                    inputAction: { (top: Top) in top.mid?.text }, outputAction: { Top.mid(.text($0)) },
                    state: \TopState.mid.count
                ).eraseToAnyMiddleware()
            }
        let silent = AnyMiddleware<Top, Top, TopState> { _, _, _ in .pure() }
        let copies = shape == "in a node of eight lifts" ? 8 : 1
        func store(count: Int) -> Store<Top, TopState> {
            let state = TopState(mid: MidState(count: count))
            let middleware: AnyMiddleware<Top, Top, TopState> =
                switch shape {
                case "alone": lift
                case "composed", "a lift of a lift", "an erased lift lifted again":
                    (silent <> lift <> silent).eraseToAnyMiddleware()
                case "in a node of eight lifts":
                    Array(repeating: lift, count: 8).reduce(ComposedMiddleware()) { $0 <> $1 }
                        .eraseToAnyMiddleware()
                case "added at runtime": silent
                default:
                    (Array(repeating: silent, count: 300) + [lift])
                        .reduce(ComposedMiddleware()) { $0 <> $1 }.eraseToAnyMiddleware()
                }
            let store = Store(initialState: state, reducer: topReducer, middleware: middleware)
            if shape == "added at runtime" { _ = store.runtimeMiddlewares.add(lift) }
            return store
        }
        let (first, second) = (store(count: 10), store(count: 100))
        for action in [Top.mid(.text("a")), .other, .mid(.text("b"))] {
            first.dispatch(action)
            second.dispatch(action)
        }
        func times(_ entries: [String]) -> [String] { Array(repeating: entries, count: copies).flatMap { $0 } }
        let expected = [
            times(["t.handle(10)"]), times(["t.io(11)"]), times(["t.handle(100)"]), times(["t.io(101)"]),
            times(["t.handle(11)"]), times(["t.io(12)"]), times(["t.handle(101)"]), times(["t.io(102)"]),
        ].flatMap { $0 }
        #expect(trace.entries == expected)
        #expect(first.state.mid.count == 12)
        #expect(second.state.mid.count == 102)
    }

    // MARK: - The seven overloads

    @Test func liftInputOutputAndState() {
        let trace = Trace()
        let lifted: LiftMiddleware<Top, Top, TopState, Traced> = traced(trace).lift(
            inputAction: { $0.mid?.text }, outputAction: { Top.mid(.text($0)) }, state: \TopState.mid.count)
        let result = run(
            lifted, trace: trace, state: TopState(mid: MidState(count: 4)), reducer: topReducer, actions: topActions)
        #expect(result.trace == ["t.handle(4)", "t.io(5)", "t.handle(6)", "t.io(7)"])
        #expect(result.dispatched == [.mid(.text("a!")), .mid(.text("b!"))])
    }

    @Test func liftOutputAndState() {
        let trace = Trace()
        let lifted: LiftMiddleware<String, Mid, MidState, Traced> = traced(trace).lift(
            outputAction: Mid.text, state: \MidState.count)
        let result = run(lifted, trace: trace, state: MidState(count: 2), actions: ["a"])
        #expect(result.trace == ["t.handle(2)", "t.io(2)"])
        #expect(result.dispatched == [.text("a!")])
    }

    @Test func liftInputAndState() {
        let trace = Trace()
        let lifted: LiftMiddleware<Mid, String, MidState, Traced> = traced(trace).lift(
            inputAction: \Mid.text, state: \MidState.count)
        let result = run(lifted, trace: trace, state: MidState(count: 3), actions: [.noise, .text("b")])
        #expect(result.trace == ["t.handle(3)", "t.io(3)"])
        #expect(result.dispatched == ["b!"])
    }

    @Test func liftInputAndOutput() {
        let trace = Trace()
        let lifted: LiftMiddleware<Mid, Mid, Int, Traced> = traced(trace).lift(
            inputAction: \Mid.text, outputAction: Mid.text)
        let counting = Reducer<Mid, Int> { _, count in count += 10 }
        let result = run(lifted, trace: trace, state: 1, reducer: counting, actions: [.text("c"), .noise])
        #expect(result.trace == ["t.handle(1)", "t.io(11)"])
        #expect(result.dispatched == [.text("c!")])
    }

    @Test func liftInputOnly() {
        let trace = Trace()
        let lifted: LiftMiddleware<Mid, String, Int, Traced> = traced(trace).lift(inputAction: \Mid.text)
        let result = run(lifted, trace: trace, state: 0, actions: [.text("d"), .noise, .text("e")])
        #expect(result.trace == ["t.handle(0)", "t.io(0)", "t.handle(0)", "t.io(0)"])
        #expect(result.dispatched == ["d!", "e!"])
        #expect(lifted.handle(action: .noise, from: .here(), state: { 0 }).isPure)
    }

    @Test func liftOutputOnly() {
        let trace = Trace()
        let lifted: LiftMiddleware<String, Mid, Int, Traced> = traced(trace).lift(outputAction: Mid.text)
        let result = run(lifted, trace: trace, state: 0, actions: ["f"])
        #expect(result.trace == ["t.handle(0)", "t.io(0)"])
        #expect(result.dispatched == [.text("f!")])
    }

    @Test func liftStateOnly() {
        let trace = Trace()
        let lifted: LiftMiddleware<String, String, MidState, Traced> = traced(trace).lift(state: \MidState.count)
        let counting = Reducer<String, MidState> { _, state in state.count *= 2 }
        let result = run(lifted, trace: trace, state: MidState(count: 3), reducer: counting, actions: ["g"])
        #expect(result.trace == ["t.handle(3)", "t.io(6)"])
        #expect(result.dispatched == ["g!"])
    }

    @Test func liftedMiddlewareExposesTheWrappedOne() {
        let lifted = traced(Trace()).lift(state: \MidState.count)
        #expect(lifted.middleware.name == "t")
    }

    // MARK: - Key paths as functions

    @Test func gpsMiddlewareLiftsToTheGlobalStateWithAKeyPath() {
        let trace = Trace()
        let reading = Location(latitude: 1, longitude: 2)
        let gpsMiddleware = GPSMiddleware(sensorReading: reading, trace: trace)
        let globalStateMiddleware = gpsMiddleware.lift(state: \MyGlobalState.currentLocation)
        let state = MyGlobalState(
            title: "Map", listOfItems: [Item(name: "pin")], currentLocation: Location(latitude: 48, longitude: 2))
        let harness = PipelineHarness(state: state, middleware: globalStateMiddleware)
        harness.send(.startMonitoring)
        #expect(trace.entries == ["handle startMonitoring at 48.0,2.0"])
        #expect(harness.dispatched.actions == [.locationChanged(reading)])
    }

    @Test func gpsMiddlewareLiftsToGlobalActionsWithOptionalChainKeyPaths() {
        let trace = Trace()
        let reading = Location(latitude: 3, longitude: 4)
        let global = GPSMiddleware(sensorReading: reading, trace: trace).lift(
            inputAction: \GlobalAction.someSubAction?.middlewareLocalAction,
            outputAction: { GlobalAction.someSubAction(.middlewareLocalAction($0)) },
            state: \GlobalState.subState.middlewareLocalState)
        let locationReducer = Reducer<GPSAction, Location> { action, location in
            if case let .locationChanged(new) = action { location = new }
        }.lift(
            action: \GlobalAction.someSubAction?.middlewareLocalAction,
            state: \GlobalState.subState.middlewareLocalState)
        let harness = PipelineHarness(
            state: GlobalState(subState: .init(middlewareLocalState: Location(latitude: 0, longitude: 0))),
            reducer: locationReducer, middleware: global, processesOutput: true)
        harness.send(.unrelated)
        harness.send(.someSubAction(.otherLocalAction))
        harness.send(.someSubAction(.middlewareLocalAction(.startMonitoring)))
        // The dispatched reading is processed next; its handle still sees the location before its reducer.
        #expect(trace.entries.count == 2)
        #expect(trace.entries.first == "handle startMonitoring at 0.0,0.0")
        #expect(trace.entries.last?.hasPrefix("handle locationChanged(") == true)
        #expect(trace.entries.last?.hasSuffix(") at 0.0,0.0") == true)
        #expect(harness.dispatched.actions == [.someSubAction(.middlewareLocalAction(.locationChanged(reading)))])
        #expect(harness.state.subState.middlewareLocalState == reading)
    }
}
