import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// Composing reducers one at a time does not nest calls: compositions run in a loop. Lifting a lifted reducer again
/// with key paths nests up to eight levels; deeper, the lifts join their key paths and run their action maps in a
/// loop.
@Suite struct ReducerChainTests {
    private typealias Mid = LiftLevels.Mid
    private typealias MidState = LiftLevels.MidState
    private typealias Top = LiftLevels.Top
    private typealias TopState = LiftLevels.TopState
    private typealias App = LiftLevels.App
    private typealias AppState = LiftLevels.AppState

    /// A reduce function at `level`: reducers that do not commute, so that any other order gives another state.
    private static func step(_ level: Int) -> @Sendable (Int, inout Int) -> Void {
        if level.isMultiple(of: 2) { return { action, state in state = state &* 3 &+ action } }
        return { action, state in state = state &- action &* 2 }
    }

    /// An action map at `level`, as ``step(_:)``.
    private static func down(_ level: Int) -> @Sendable (Int) -> Int {
        if level.isMultiple(of: 2) { return { $0 &* 3 } }
        return { $0 &- 1 }
    }

    /// `reducer` lifted `padding` times with an action map that changes nothing: the lifts written after it then
    /// start deeper in the chain, so the tests below run both nested and over the flat chain.
    private static func padded<State>(_ reducer: Reducer<String, State>, _ padding: Int) -> Reducer<String, State> {
        (0..<padding).reduce(reducer) { lifted, _ in lifted.lift(action: { (text: String) in text }) }
    }

    /// Runs `body` on a thread with a 512 KiB stack, the default for secondary threads on Apple platforms.
    private static func onASmallStack(_ body: @escaping @Sendable () -> Void) async -> Bool {
        let finished = startThreads(1, stackSize: 512 * 1024) { _ in body() }
        return await eventually { finished.value == 1 }
    }

    @Test func tenThousandReducersComposedOneAtATimeRunInOrderOnASmallStack() async {
        let count = 10_000
        var all = Reducer<Int, Int>.identity
        for level in 0..<count {
            all = all <> Reducer(Self.step(level))
        }
        let expected = (0..<count).reduce(1) { state, level in
            var state = state
            Self.step(level)(5, &state)
            return state
        }
        let store = Store(initialState: 1, reducer: all)
        #expect(await Self.onASmallStack { store.dispatch(5) })
        #expect(store.state == expected)
    }

    @Test func compositionsOfCompositionsKeepTheirOrder() {
        let log = Reducer<Int, [String]> { action, state in state.append("a\(action)") }
        let b = Reducer<Int, [String]> { action, state in state.append("b\(action)") }
        let c = Reducer<Int, [String]> { action, state in state.append("c\(action)") }
        let d = Reducer<Int, [String]> { action, state in state.append("d\(action)") }
        let composed = (log <> b) <> (c <> d) <> .identity <> (b <> log)
        var state: [String] = []
        composed.reduce(1, &state)
        #expect(state == ["a1", "b1", "c1", "d1", "b1", "a1"])
    }

    /// Three key-path lifts, each lifting the previous result, against the same reducer lifted once with the maps
    /// composed: the same states.
    @Test(arguments: [0, 5, 10])
    func threeLiftsBehaveAsOneLiftWithTheMapsComposed(padding: Int) {
        let local = Reducer<String, MidState> { text, state in
            state.count += text.count
            state.log.append(text)
        }
        let chain = Self.padded(local, padding)
            .lift(action: \Mid.text, state: \TopState.mid)
            .lift(action: \Top.mid, state: \AppState.top)
            .lift(action: \App.top, state: \AppState.self)
        let once = local.lift(action: { (app: App) in app.top?.mid?.text }, state: \AppState.top.mid)
        let actions: [App] = [
            .top(.mid(.text("ab"))), .quit, .top(.other), .top(.mid(.noise)), .top(.mid(.text("cde"))),
        ]
        var chainState = AppState()
        var onceState = AppState()
        for action in actions {
            chain.reduce(action, &chainState)
            once.reduce(action, &onceState)
        }
        #expect(chainState.top.mid == MidState(count: 5, log: ["ab", "cde"]))
        #expect(chainState == onceState)
    }

    @Test(arguments: [0, 5, 10])
    func liftsOfTheActionOnlyAndOfTheStateOnlyMixWithLiftsOfBoth(padding: Int) {
        let local = Reducer<String, Int> { text, count in count = count &* 10 &+ text.count }
        let chain = Self.padded(local, padding)
            .lift(action: \Mid.text)
            .lift(state: \MidState.count)
            .lift(action: \Top.mid, state: \TopState.mid)
            .lift(state: \AppState.top)
            .lift(action: \App.top)
        var state = AppState()
        for action: App in [.top(.mid(.text("a"))), .quit, .top(.mid(.noise)), .top(.mid(.text("bc")))] {
            chain.reduce(action, &state)
        }
        #expect(state.top.mid.count == 12)
        #expect(state.title == "app")
        #expect(state.top.unrelated == "x")
    }

    /// Ten thousand lifts, each lifting the previous result, on a 512 KiB stack: the action goes down through every
    /// map, in order. Nested, such lifts overflowed that stack at about 3,000.
    @Test func tenThousandLiftsRunOnASmallStackWithTheirMapsInOrder() async {
        let depth = 10_000
        var chain = Reducer<Int, Int> { action, state in state = action }
        for level in 1...depth {
            let map = Self.down(level)
            // Both overloads: the action only, and the action with a key path.
            chain = level.isMultiple(of: 3) ? chain.lift(action: map) : chain.lift(action: map, state: \Int.self)
        }
        let action = 2
        let expected = (1...depth).reversed().reduce(action) { value, level in Self.down(level)(value) }
        let store = Store(initialState: 0, reducer: chain)
        #expect(await Self.onASmallStack { store.dispatch(action) })
        #expect(store.state == expected)
    }

    @Test(arguments: [0, 5, 10])
    func anActionThatAMapInTheMiddleDropsChangesNothing(padding: Int) {
        let chain = Self.padded(Reducer<String, MidState> { _, state in state.count += 1 }, padding)
            .lift(action: \Mid.text, state: \TopState.mid)
            .lift(action: \Top.mid, state: \AppState.top)
            .lift(action: \App.top, state: \AppState.self)
        var state = AppState()
        for action: App in [.quit, .top(.other), .top(.mid(.noise))] {
            chain.reduce(action, &state)
        }
        #expect(state == AppState())
        chain.reduce(.top(.mid(.text("a"))), &state)
        #expect(state.top.mid.count == 1)
    }
}
