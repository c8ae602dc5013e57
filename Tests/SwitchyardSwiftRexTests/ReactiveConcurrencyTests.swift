import Foundation
import SwitchyardSwiftRex
import SwitchyardTestSupport
import Testing

/// The reactive abstraction under contention, in Swift 6 language mode: values arrive in order, one at a time.
@Suite struct ReactiveConcurrencyTests {
    /// Checks that values arrive in increasing order and never on two threads at once.
    final class OrderCheck: @unchecked Sendable {
        private let lock = NSLock()
        private var last = Int.min
        private var inside = false
        private(set) var outOfOrder = 0
        private(set) var overlapping = 0
        private(set) var count = 0

        func receive(_ value: Int) {
            lock.lock()
            if inside { overlapping += 1 }
            inside = true
            if value < last { outOfOrder += 1 }
            last = value
            count += 1
            lock.unlock()
            // Leave room for another delivery to start while this one runs.
            for _ in 0..<10 { _ = value.description }
            lock.lock()
            inside = false
            lock.unlock()
        }

        var lastValue: Int {
            lock.lock()
            defer { lock.unlock() }
            return last
        }
    }

    @Test func aStoresStatePublisherDeliversInCommitOrderWhileEightThreadsDispatch() async {
        let store = Store(initialState: 0, reducer: Reducer<Int, Int> { step, state in state += step })
        let checks = (0..<4).map { _ in OrderCheck() }
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            if index < 4 {
                let check = checks[index]
                let subscription = store.statePublisher.subscribe(SubscriberType(onValue: { check.receive($0) }))
                for _ in 0..<500 { store.dispatch(1) }
                subscription.unsubscribe()
            } else {
                for _ in 0..<500 { store.dispatch(1) }
            }
        }
        // Actions queued by the other threads may still be processed by the store's own queue: wait for them.
        await waitUntilIdle(store)
        #expect(store.state == 6_000)
        for check in checks {
            #expect(check.outOfOrder == 0)
            #expect(check.overlapping == 0)
            #expect(check.count > 0)
        }
    }

    @Test func aReplayLastSubjectDeliversInOrderWhileEightThreadsSend() {
        let subject = UnfailableReplayLastSubjectType(initialValue: 0)
        let counter = LockedCounter()
        let checks = (0..<4).map { _ in OrderCheck() }
        let subscriptions = checks.map { check in
            subject.publisher.subscribe(SubscriberType(onValue: { check.receive($0) }))
        }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 {
                // Take the next number and send it under one lock, so that numbers are sent in order.
                counter.next { subject.subscriber.onValue($0) }
            }
        }
        for check in checks {
            #expect(check.outOfOrder == 0)
            #expect(check.overlapping == 0)
            #expect(check.count == 4_001)
            #expect(check.lastValue == 4_000)
        }
        #expect(subject.value() == 4_000)
        subscriptions.forEach { $0.unsubscribe() }
    }

    final class LockedCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func next(_ send: (Int) -> Void) {
            lock.lock()
            value += 1
            send(value)
            lock.unlock()
        }
    }
}
