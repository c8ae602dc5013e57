import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// An action dispatched while another is processed waits in a FIFO queue until the current action has
/// completed all four steps; processing never recurses.
@Suite struct StoreQueueTests {
    enum Action: Sendable, Equatable { case outer, inner, chain(Int), numbered(Int), block }

    /// Sets the state to 1 for `.outer` and to 2 for `.inner`, logging each reduction.
    static func markingReducer(log: Log<String>) -> Reducer<Action, Int> {
        Reducer { action, state in
            log.append("reducer \(action)")
            switch action {
            case .outer: state = 1
            case .inner: state = 2
            default: break
            }
        }
    }

    /// A middleware whose IO logs the state it reads after the reducer.
    static func reader(_ name: String, log: Log<String>) -> AnyMiddleware<Action, Action, Int> {
        AnyMiddleware { action, _, state in
            log.append("handle \(name) \(action)")
            return IO { _ in log.append("io \(name) \(action) state=\(state())") }
        }
    }

    @Test func actionDispatchedFromAnIOWaitsUntilTheRemainingIOsOfTheCurrentActionHaveRun() {
        let log = Log<String>()
        // b's IO runs first (reverse order) and dispatches `.inner`; a's IO must still see `.outer`'s state.
        let dispatcher = AnyMiddleware<Action, Action, Int> { action, _, _ in
            guard action == .outer else { return .pure() }
            return IO { output in output.dispatch(.inner) }
        }
        let store = Store(
            initialState: 0,
            reducer: Self.markingReducer(log: log),
            middleware: Self.reader("a", log: log) <> dispatcher
        )
        store.dispatch(.outer)
        #expect(
            log.values == [
                "handle a outer", "reducer outer", "io a outer state=1",
                "handle a inner", "reducer inner", "io a inner state=2",
            ])
    }

    @Test func actionDispatchedFromAnObserverWaitsUntilTheCurrentActionsIOsHaveRun() {
        let log = Log<String>()
        let storeBox = Slot<Store<Action, Int>>()
        let store = Store(
            initialState: 0,
            reducer: Self.markingReducer(log: log),
            middleware: Self.reader("a", log: log)
        )
        storeBox.value = store
        let subscription = store.subscribe { state in
            log.append("observer state=\(state)")
            if state == 1 { storeBox.value?.dispatch(.inner) }
        }
        store.dispatch(.outer)
        #expect(
            log.values == [
                "handle a outer", "reducer outer", "observer state=1", "io a outer state=1",
                "handle a inner", "reducer inner", "observer state=2", "io a inner state=2",
            ])
        subscription.cancel()
        storeBox.value = nil
    }

    @Test func actionDispatchedFromAHandleWaitsUntilTheCurrentActionHasCompleted() {
        let log = Log<String>()
        let storeBox = Slot<Store<Action, Int>>()
        let dispatcher = AnyMiddleware<Action, Action, Int> { action, _, _ in
            if action == .outer { storeBox.value?.dispatch(.inner) }
            return .pure()
        }
        let store = Store(
            initialState: 0,
            reducer: Self.markingReducer(log: log),
            middleware: dispatcher <> Self.reader("a", log: log)
        )
        storeBox.value = store
        store.dispatch(.outer)
        #expect(
            log.values == [
                "handle a outer", "reducer outer", "io a outer state=1",
                "handle a inner", "reducer inner", "io a inner state=2",
            ])
        storeBox.value = nil
    }

    @Test func actionDispatchedFromTheReducerWaitsUntilTheCurrentActionHasCompleted() {
        let log = Log<String>()
        let storeBox = Slot<Store<Action, Int>>()
        let marking = Self.markingReducer(log: log)
        let store = Store(
            initialState: 0,
            reducer: marking <> Reducer { action, _ in if action == .outer { storeBox.value?.dispatch(.inner) } },
            middleware: Self.reader("a", log: log)
        )
        storeBox.value = store
        store.dispatch(.outer)
        #expect(
            log.values == [
                "handle a outer", "reducer outer", "io a outer state=1",
                "handle a inner", "reducer inner", "io a inner state=2",
            ])
        storeBox.value = nil
    }

    @Test func actionsDispatchedDuringProcessingRunInFIFOOrderBreadthFirst() {
        let processed = Log<Int>()
        // 1 dispatches 2 and 3; 2 dispatches 4; 3 dispatches 5: FIFO gives 1, 2, 3, 4, 5 (depth first would be 1, 2, 4…).
        let children: [Int: [Int]] = [1: [2, 3], 2: [4], 3: [5]]
        let middleware = AnyMiddleware<Action, Action, Int> { action, _, _ in
            guard case .numbered(let number) = action, let next = children[number] else { return .pure() }
            return IO { output in
                for child in next { output.dispatch(.numbered(child)) }
            }
        }
        let store = Store(
            initialState: 0,
            reducer: Reducer { action, state in
                if case .numbered(let number) = action { processed.append(number) }
                state += 1
            },
            middleware: middleware
        )
        store.dispatch(.numbered(1))
        #expect(processed.values == [1, 2, 3, 4, 5])
    }

    @Test func millionActionChainEachDispatchedByThePreviousIORunsInConstantStackDepth() async {
        let stack = StackSpan()
        let middleware = AnyMiddleware<Action, Action, Int> { action, _, _ in
            guard case .chain(let remaining) = action, remaining > 0 else { return .pure() }
            return IO { output in
                stack.record()
                output.dispatch(.chain(remaining - 1))
            }
        }
        let store = Store(initialState: 0, reducer: Reducer { _, state in state += 1 }, middleware: middleware)
        // 512 KiB of stack: a recursive store would overflow it long before a million nested dispatches.
        let finished = startThreads(1, stackSize: 512 * 1024) { _ in store.dispatch(.chain(999_999)) }
        #expect(await eventually { finished.value == 1 })
        #expect(store.state == 1_000_000)
        #expect(stack.recordings == 999_999)
        #expect(stack.span < 16 * 1024, "IOs ran \(stack.span) bytes apart on the stack: processing recursed")
    }

    @Test func actionsFromOneThreadAreProcessedInTheOrderThatThreadDispatchedThem() async {
        let processed = Log<Int>()
        let entered = Counter()
        let release = DispatchSemaphore(value: 0)
        let middleware = AnyMiddleware<Action, Action, Int> { action, _, _ in
            if action == .block {
                entered.increment()
                release.wait(orRecordAfter: defaultWaitTimeout)
            }
            return .pure()
        }
        let store = Store(
            initialState: 0,
            reducer: Reducer { action, state in
                if case .numbered(let number) = action { processed.append(number) }
                state += 1
            },
            middleware: middleware
        )
        // Another thread keeps the store busy, so the first half is queued; the second half is dispatched while
        // the queue drains and after, taking the idle fast path for some of it.
        let blocker = startThreads(1) { _ in store.dispatch(.block) }
        #expect(await eventually { entered.value == 1 })
        let dispatcher = startThreads(1) { _ in
            for number in 0..<1_000 { store.dispatch(.numbered(number)) }
            release.signal()
            for number in 1_000..<2_000 { store.dispatch(.numbered(number)) }
        }
        #expect(await eventually { blocker.value == 1 && dispatcher.value == 1 })
        #expect(await eventually { store.state == 2_001 })
        #expect(processed.values == Array(0..<2_000))
    }
}

/// The lowest and highest stack addresses seen by `record()`, to measure how deep processing goes.
final class StackSpan: @unchecked Sendable {
    private let lock = NSLock()
    private var lowest = UInt.max
    private var highest = UInt.min
    private var count = 0

    @inline(never)
    func record() {
        var marker = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        lock.lock()
        lowest = min(lowest, address)
        highest = max(highest, address)
        count += 1
        lock.unlock()
    }

    var recordings: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    var span: UInt {
        lock.lock()
        defer { lock.unlock() }
        return highest - lowest
    }
}
