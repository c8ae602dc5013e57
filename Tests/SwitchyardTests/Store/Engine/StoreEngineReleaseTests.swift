import Foundation
import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// What the store lets go of is released with no store lock held, and promptly: a `deinit` that the release
/// triggers may use the store, and nothing waits for the next action to be freed.
@Suite struct StoreEngineReleaseTests {
    enum Action: Sendable, Equatable {
        case increment
        case release
    }

    static let reducer = Reducer<Action, Int> { action, state in
        if action == .increment { state += 1 }
    }

    /// An object whose `deinit` releases a subscription of its own, and records that it ran.
    final class OwnsASubscription: Sendable {
        let inner: StoreSubscription
        let deinits: Counter

        init(inner: StoreSubscription, deinits: Counter) {
            self.inner = inner
            self.deinits = deinits
        }

        deinit {
            inner.cancel()
            deinits.increment()
        }
    }

    /// Something a middleware or observer captures, whose release we watch.
    final class Captured: Sendable {
        let deinits: Counter

        init(deinits: Counter) {
            self.deinits = deinits
        }

        deinit { deinits.increment() }
    }

    @Test func releasingAnObserverWhoseCaptureOwnsAnotherSubscriptionDoesNotDeadlock() async {
        let store = Store(initialState: 0, reducer: Self.reducer)
        let deinits = Counter()
        let finished = startThreads(1) { _ in
            var owner: OwnsASubscription? = OwnsASubscription(
                inner: store.subscribe { _ in },
                deinits: deinits
            )
            let outer = Slot<StoreSubscription>()
            outer.value = store.subscribe { [owner] _ in _ = owner }
            owner = nil
            store.dispatch(.increment)
            outer.value = nil  // the last reference to the observer, and so to `owner`
            store.dispatch(.increment)
        }
        // A watchdog, not a hung suite: the scenario runs on its own thread.
        #expect(await eventually(timeout: .seconds(60)) { finished.value == 1 })
        #expect(deinits.value == 1)
        #expect(store.state == 2)
    }

    @Test func aCancelledSubscriptionFreesWhatItCapturedBeforeCancelReturns() {
        let store = Store(initialState: 0, reducer: Self.reducer)
        let deinits = Counter()
        var captured: Captured? = Captured(deinits: deinits)
        let subscription = store.subscribe { [captured] _ in _ = captured }
        captured = nil
        store.dispatch(.increment)
        #expect(deinits.value == 0)
        subscription.cancel()
        #expect(deinits.value == 1)
    }

    @Test func aRemovedRuntimeMiddlewareIsFreedBeforeRemoveReturns() {
        let store = Store(initialState: 0, reducer: Self.reducer)
        let deinits = Counter()
        var captured: Captured? = Captured(deinits: deinits)
        let registration = store.runtimeMiddlewares.addBeforeReducer(extract: { $0 }) { [captured] _, _ in
            _ = captured
        }
        captured = nil
        store.dispatch(.increment)
        #expect(deinits.value == 0)
        registration.remove()
        #expect(deinits.value == 1)
        #expect(registration.isRemoved)
    }

    @Test func aSubscriptionCancelledDuringAnActionIsFreedWhenThatActionEnds() {
        let store = Store(initialState: 0, reducer: Self.reducer)
        let deinits = Counter()
        let subscription = Slot<StoreSubscription>()
        var captured: Captured? = Captured(deinits: deinits)
        subscription.value = store.subscribe { [captured] _ in _ = captured }
        captured = nil
        let cancelledInIO = Counter()
        _ = store.runtimeMiddlewares.addAfterReducer(extract: { $0 == .release ? () : nil }) { _, _, _, _ in
            subscription.value?.cancel()
            subscription.value = nil
            cancelledInIO.increment()
        }
        store.dispatch(.release)
        // No further action was dispatched: the release happened at the end of `.release`.
        #expect(cancelledInIO.value == 1)
        #expect(deinits.value == 1)
    }

    @Test func removeAllFreesEveryRuntimeMiddlewareAndMarksTheirRegistrations() {
        let store = Store(initialState: 0, reducer: Self.reducer)
        let deinits = Counter()
        var registrations: [RuntimeMiddlewareRegistration] = []
        for _ in 0..<3 {
            let captured = Captured(deinits: deinits)
            registrations.append(store.runtimeMiddlewares.addBeforeReducer(extract: { $0 }) { _, _ in _ = captured })
        }
        store.runtimeMiddlewares.removeAll()
        #expect(deinits.value == 3)
        #expect(registrations.allSatisfy { $0.isRemoved })
        #expect(store.runtimeMiddlewares.count == 0)
    }

    @Test func aDeinitTriggeredByTheStoresReleaseMayDispatchAndSubscribe() {
        let store = Store(initialState: 0, reducer: Self.reducer)

        final class UsesTheStore: Sendable {
            let store: Store<Action, Int>
            init(store: Store<Action, Int>) { self.store = store }
            deinit {
                store.dispatch(.increment)
                store.subscribe { _ in }.cancel()
            }
        }

        var user: UsesTheStore? = UsesTheStore(store: store)
        let subscription = store.subscribe { [user] _ in _ = user }
        user = nil
        subscription.cancel()  // releases `user`, whose deinit dispatches and subscribes
        #expect(store.state == 1)
    }
}
