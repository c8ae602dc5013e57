import Foundation
import SwitchyardSwiftRex
import SwitchyardTestSupport
import Testing

/// A store or pipeline on a subject keeps its pipeline on the main thread by default, as SwiftRex's did, and on the
/// dispatching thread when asked.
@Suite struct SubjectStoreSchedulingTests {
    /// Whether each reduction ran on the main thread, and each value the subject received.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var reducedOnMain: [Bool] = []
        private var sent: [Int] = []

        func reduced() { lock.withLock { reducedOnMain.append(isOnMainQueue()) } }
        func received(_ value: Int) { lock.withLock { sent.append(value) } }
        var reductions: [Bool] { lock.withLock { reducedOnMain } }
        var values: [Int] { lock.withLock { sent } }
    }

    static func reducer(_ seen: Seen) -> Reducer<Int, Int> {
        .reduce { action, state in
            seen.reduced()
            state += action
        }
    }

    @Test func aStoreOnASubjectReducesOnTheMainThreadByDefault() async {
        _ = isOnMainQueue()
        let seen = Seen()
        let subject = UnfailableReplayLastSubjectType(initialValue: 0)
        let subscription = subject.publisher.subscribe(SubscriberType(onValue: { seen.received($0) }))
        let store = ReduxStoreBase<Int, Int>(
            subject: subject, reducer: Self.reducer(seen), middleware: IdentityMiddleware())
        Thread { for _ in 0..<3 { store.dispatch(1) } }.start()
        let done = await eventually { store.state == 3 }
        #expect(done)
        #expect(seen.reductions == [true, true, true])
        #expect(seen.values == [0, 1, 2, 3])
        subscription.unsubscribe()
    }

    @Test func aPipelineReducesOnTheMainThreadByDefault() async {
        _ = isOnMainQueue()
        let seen = Seen()
        let subject = UnfailableReplayLastSubjectType(initialValue: 0)
        let pipeline = ReduxPipelineWrapper(
            state: { subject }, reducer: Self.reducer(seen), middleware: IdentityMiddleware<Int, Int, Int>())
        Thread { pipeline.dispatch(2) }.start()
        let done = await eventually { subject.value() == 2 }
        #expect(done)
        #expect(seen.reductions == [true])
    }

    @Test func aStoreOnASubjectWithTheCallerThreadPolicyReducesBeforeDispatchReturns() {
        let seen = Seen()
        let subject = UnfailableReplayLastSubjectType(initialValue: 0)
        let store = ReduxStoreBase<Int, Int>(
            subject: subject, reducer: Self.reducer(seen), middleware: IdentityMiddleware(), scheduling: .callerThread)
        store.dispatch(4)
        #expect(store.state == 4)
        #expect(subject.value() == 4)
    }
}
