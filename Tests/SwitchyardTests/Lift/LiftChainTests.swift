import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// Lifting an erased lift again nests one lift in another up to eight levels; deeper, the lifts run over one flat
/// chain of maps, in a loop. Either way they behave as the maps composed.
@Suite struct LiftChainTests {
    private typealias Mid = LiftLevels.Mid
    private typealias MidState = LiftLevels.MidState
    private typealias Top = LiftLevels.Top
    private typealias TopState = LiftLevels.TopState
    private typealias App = LiftLevels.App
    private typealias AppState = LiftLevels.AppState

    /// A map down the chain at `level`: maps that do not commute, so that any other order gives other values.
    private static func down(_ level: Int) -> @Sendable (Int) -> Int {
        if level.isMultiple(of: 2) { return { $0 &* 3 } }
        return { $0 &- 1 }
    }

    /// `middleware` lifted `padding` times with maps that change nothing: the lifts written after it then start
    /// deeper in the chain. Up to eight erased lifts nest, typed; deeper ones run over the flat chain, so the
    /// tests below run at both depths.
    private static func padded<Output>(
        _ middleware: AnyMiddleware<String, Output, Int>, _ padding: Int
    ) -> AnyMiddleware<String, Output, Int> {
        (0..<padding).reduce(middleware) { lifted, _ in
            lifted.lift(inputAction: { $0 }, outputAction: { $0 }).eraseToAnyMiddleware()
        }
    }

    /// A map up the chain at `level`, as ``down(_:)``.
    private static func up(_ level: Int) -> @Sendable (Int) -> Int {
        if level.isMultiple(of: 2) { return { $0 &+ 7 } }
        return { $0 &* 5 }
    }

    /// Three erased lifts, each lifting the result of the previous one, against the same middleware lifted once with
    /// the maps composed: the same calls, the same states read, the same actions dispatched, with their sources.
    @Test(arguments: [0, 5, 10])
    func threeErasedLiftsBehaveAsOneLiftWithTheMapsComposed(padding: Int) {
        let chainTrace = Trace()
        let onceTrace = Trace()
        let chain = Self.padded(
            TraceMiddleware<String, Int>(name: "t", trace: chainTrace) { [$0 + "!"] }.eraseToAnyMiddleware(), padding
        )
        .lift(inputAction: \Mid.text, outputAction: Mid.text, state: \MidState.count).eraseToAnyMiddleware()
        .lift(inputAction: \Top.mid, outputAction: Top.mid, state: \TopState.mid).eraseToAnyMiddleware()
        .lift(inputAction: \App.top, outputAction: App.top, state: \AppState.top).eraseToAnyMiddleware()
        let once = TraceMiddleware<String, Int>(name: "t", trace: onceTrace) { [$0 + "!"] }.lift(
            inputAction: { (app: App) in app.top?.mid?.text },
            outputAction: { App.top(.mid(.text($0))) },
            state: \AppState.top.mid.count
        )
        let reducer = Reducer<Mid, Int> { _, count in count += 1 }
            .lift(action: \Top.mid, state: \TopState.mid.count)
            .lift(action: \App.top, state: \AppState.top)
        let actions: [App] = [.top(.mid(.text("a"))), .quit, .top(.other), .top(.mid(.noise)), .top(.mid(.text("b")))]
        let state = AppState(top: TopState(mid: MidState(count: 0)))

        let chainHarness = PipelineHarness(state: state, reducer: reducer, middleware: chain)
        let onceHarness = PipelineHarness(state: state, reducer: reducer, middleware: once)
        for action in actions {
            chainHarness.send(action)
            onceHarness.send(action)
        }

        #expect(chainTrace.entries == ["t.handle(0)", "t.io(1)", "t.handle(2)", "t.io(3)"])
        #expect(chainTrace.entries == onceTrace.entries)
        #expect(chainHarness.dispatched.actions == [.top(.mid(.text("a!"))), .top(.mid(.text("b!")))])
        #expect(chainHarness.dispatched.actions == onceHarness.dispatched.actions)
        #expect(chainHarness.dispatched.values.map(\.dispatcher) == onceHarness.dispatched.values.map(\.dispatcher))
        #expect(chainHarness.dispatched.values.first?.dispatcher.info == "t")
    }

    /// An action that a map in the middle of the chain maps to `nil` reaches nothing below it, and the IO is pure.
    @Test(arguments: [0, 5, 10])
    func anActionThatAMapInTheMiddleDropsReachesNothingBelowIt(padding: Int) {
        let trace = Trace()
        let chain = Self.padded(
            TraceMiddleware<String, Int>(name: "t", trace: trace) { [$0] }.eraseToAnyMiddleware(), padding
        )
        .lift(inputAction: \Mid.text, outputAction: Mid.text, state: \MidState.count).eraseToAnyMiddleware()
        .lift(inputAction: \Top.mid, outputAction: Top.mid, state: \TopState.mid).eraseToAnyMiddleware()
        .lift(inputAction: \App.top, outputAction: App.top, state: \AppState.top).eraseToAnyMiddleware()
        let state = AppState(top: TopState(mid: MidState(count: 0)))
        #expect(chain.handle(action: .quit, from: .here(), state: { state }).isPure)
        #expect(chain.handle(action: .top(.other), from: .here(), state: { state }).isPure)
        #expect(chain.handle(action: .top(.mid(.noise)), from: .here(), state: { state }).isPure)
        #expect(trace.entries.isEmpty)
        #expect(!chain.handle(action: .top(.mid(.text("a"))), from: .here(), state: { state }).isPure)
        #expect(trace.entries == ["t.handle(0)"])
    }

    /// The lifts that pass the state through (input and output only) mix with those that map it.
    @Test(arguments: [0, 5, 10])
    func liftsThatPassTheStateThroughMixWithLiftsThatMapIt(padding: Int) {
        let trace = Trace()
        let chain = Self.padded(
            TraceMiddleware<String, Int>(name: "t", trace: trace) { [$0 + "?"] }.eraseToAnyMiddleware(), padding
        )
        .lift(inputAction: \Mid.text, outputAction: Mid.text).eraseToAnyMiddleware()
        .lift(inputAction: \Top.mid, outputAction: Top.mid).eraseToAnyMiddleware()
        .lift(state: \MidState.count).eraseToAnyMiddleware()
        .lift(inputAction: \App.top, outputAction: App.top).eraseToAnyMiddleware()
        let harness = PipelineHarness(
            state: MidState(count: 7),
            reducer: Reducer { _, state in state.count += 1 },
            middleware: chain
        )
        harness.send(.top(.mid(.text("a"))))
        harness.send(.quit)
        #expect(trace.entries == ["t.handle(7)", "t.io(8)"])
        #expect(harness.dispatched.actions == [.top(.mid(.text("a?")))])
    }

    /// A middleware that keeps its context, lifted through a chain, receives the context lifted: its `getState`
    /// reads its part of the state and its `output` dispatches global actions.
    @Test(arguments: [0, 5, 10])
    func aMiddlewareThatKeepsItsContextReceivesItLiftedThroughTheChain(padding: Int) async {
        let context = Slot<(GetState<Int>, AnyActionHandler<String>)>()
        let chain = Self.padded(ContextKeepingMiddleware(context: context).eraseToAnyMiddleware(), padding)
            .lift(inputAction: \Mid.text, outputAction: Mid.text, state: \MidState.count).eraseToAnyMiddleware()
            .lift(inputAction: \Top.mid, outputAction: Top.mid, state: \TopState.mid).eraseToAnyMiddleware()
            .lift(inputAction: \App.top, outputAction: App.top, state: \AppState.top).eraseToAnyMiddleware()
        let received = Log<App>()
        let store = Store(
            initialState: AppState(top: TopState(mid: MidState(count: 41))),
            reducer: Reducer { action, state in
                received.append(action)
                if case .top(.mid(.text)) = action { state.top.mid.count += 1 }
            },
            middleware: chain
        )
        guard let (getState, output) = context.value else {
            Issue.record("receiveContext was not called")
            return
        }
        #expect(getState() == 41)
        output.dispatch("kept")
        #expect(await eventually { received.values == [.top(.mid(.text("kept")))] })
        #expect(getState() == 42)
        #expect(store.state.top.mid.count == 42)
    }

    /// Ten thousand erased lifts, each lifting the previous result, on a 512 KiB stack (the default for secondary
    /// threads on Apple platforms): the action goes down and the dispatched action comes up through every map, in
    /// order, and the state is read through every map. Nested, the lifts overflowed that stack at about 1,200.
    @Test func tenThousandErasedLiftsRunOnASmallStackWithTheirMapsInOrder() async {
        let depth = 10_000
        let seen = Log<String>()
        var chain = AnyMiddleware<Int, Int, Int> { action, _, state in
            seen.append("handle \(action) state \(state())")
            guard action != 0 else { return .pure() }
            return IO { output in output.dispatch(0) }
        }
        // Level 1 is the innermost lift. Input 0 at the top is a follow-up marker, kept as 0 at every level.
        for level in 1...depth {
            let input = Self.down(level)
            let output = Self.up(level)
            let state = Self.down(level)
            chain = chain.lift(
                inputAction: { $0 == 0 ? 0 : input($0) },
                outputAction: { $0 == 0 ? 0 : output($0) },
                state: state
            )
            .eraseToAnyMiddleware()
        }
        // What the innermost middleware should see: the maps applied from the outermost level down.
        let action = 2
        let initialState = 1
        let baseAction = (1...depth).reversed().reduce(action) { value, level in Self.down(level)(value) }
        let baseState = (1...depth).reversed().reduce(initialState) { value, level in Self.down(level)(value) }
        #expect(baseAction != 0)

        let dispatched = Log<Int>()
        let store = Store(
            initialState: initialState,
            reducer: Reducer { action, _ in dispatched.append(action) },
            middleware: chain
        )
        let finished = startThreads(1, stackSize: 512 * 1024) { _ in store.dispatch(action) }
        #expect(await eventually { finished.value == 1 })
        #expect(seen.values == ["handle \(baseAction) state \(baseState)", "handle 0 state \(baseState)"])
        #expect(dispatched.values == [action, 0])
    }

    /// Ten thousand lifts of one erased middleware dispatching: what it dispatches is mapped up through every level,
    /// innermost first.
    @Test func whatTheInnermostMiddlewareDispatchesIsMappedUpInnermostFirst() async {
        let depth = 10_000
        var chain = AnyMiddleware<Int, Int, Int> { action, _, _ in
            guard action == 1 else { return .pure() }
            return IO { output in output.dispatch(1) }
        }
        for level in 1...depth {
            let output = Self.up(level)
            chain = chain.lift(inputAction: { $0 }, outputAction: output).eraseToAnyMiddleware()
        }
        let expected = (1...depth).reduce(1) { value, level in Self.up(level)(value) }
        let dispatched = Log<Int>()
        let store = Store(
            initialState: 0,
            reducer: Reducer { action, _ in dispatched.append(action) },
            middleware: chain
        )
        let finished = startThreads(1, stackSize: 512 * 1024) { _ in store.dispatch(1) }
        #expect(await eventually { finished.value == 1 })
        #expect(dispatched.values == [1, expected])
    }
}

/// Keeps the context it receives, and does nothing in `handle`.
private struct ContextKeepingMiddleware: MiddlewareProtocol, Sendable {
    let context: Slot<(GetState<Int>, AnyActionHandler<String>)>

    func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<String>) {
        context.value = (getState, output)
    }

    func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
        .pure()
    }
}
