import Dispatch
import Observation
import Switchyard
import Testing

/// When a view's state changes under each scheduling policy, what a binding reads back, and how many times a
/// reader is notified.
@MainActor
@Suite struct ObservableStoreDeliveryTests {
    struct State: Sendable, Equatable {
        var query = ""
        var count = 0
    }

    enum Action: Sendable, Equatable {
        case queryChanged(String)
        case typed(String)
        case increment
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .queryChanged(let query): state.query = query
        case .typed(let query):
            state.query = query
            state.count += 1
        case .increment: state.count += 1
        }
    }

    @Test(arguments: [SchedulingPolicy.callerThread, .mainThread])
    func aBindingReadsBackWhatItSentBeforeSendReturns(policy: SchedulingPolicy) {
        let store = Store(initialState: State(), reducer: Self.reducer, scheduling: policy)
        let view = store.observable()
        let query = view.storeBinding(\.query, send: Action.queryChanged)
        for text in ["s", "sw", "swi", "swift"] {
            query.wrappedValue = text
            #expect(query.wrappedValue == text)
            #expect(view.query == text)
        }
    }

    @Test func aViewScopedFromTheRootIsCurrentWhenSendReturnsToo() {
        let store = Store(initialState: State(), reducer: Self.reducer)
        let view = store.observable()
        let count = view.scope(state: \.count, action: { (_: Void) in Action.increment })
        count.send(())
        #expect(count.state == 1)
        #expect(view.count == 1)
    }

    @Test func underTheDefaultPolicyAStateFromAnotherThreadArrivesThroughTheMainQueue() async {
        let store = Store(initialState: State(), reducer: Self.reducer)
        let view = store.observable()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                store.dispatch(.increment)
                continuation.resume()
            }
        }
        // The state waits for the main queue, which runs when this test awaits.
        await store.idle()
        #expect(view.count == 1)
    }

    /// SwiftUI reads a body again after the action's changes: it renders once per action. An observation that
    /// registers again inside its own `onChange` sees every value it read that the action changed.
    @Test func aReaderIsNotifiedOncePerObservationAndOncePerChangedValueWhenItRegistersAgainAtOnce() {
        let store = Store(initialState: State(), reducer: Self.reducer, scheduling: .mainThread)
        let view = store.observable()
        let rendered = Invalidations {
            _ = view.query
            _ = view.count
        }
        store.dispatch(.typed("a"))
        #expect(rendered.take() == 1)

        let again = Reregistering {
            _ = view.query
            _ = view.count
        }
        store.dispatch(.typed("ab"))
        #expect(again.notifications == 2)
        store.dispatch(.increment)
        #expect(again.notifications == 3)
    }
}

/// An observation that registers again inside its own `onChange`, synchronously, counting its notifications.
@MainActor
final class Reregistering {
    private let read: @MainActor () -> Void
    private(set) var notifications = 0

    init(reading read: @escaping @MainActor () -> Void) {
        self.read = read
        observe()
    }

    private func observe() {
        withObservationTracking {
            read()
        } onChange: {
            MainActor.assumeIsolated {
                self.notifications += 1
                self.observe()
            }
        }
    }
}
