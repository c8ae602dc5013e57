import Foundation
import SwitchyardSwiftRex
import Testing

/// The store shapes SwiftRex 0.8 code and its generated mocks rely on: providers and projections over a publisher
/// that gives no value while subscribing, types that conform through `statePublisher` and `pipeline` alone, and a
/// store on a subject, whose middlewares' `receiveContext` output runs on a later turn of the main queue.
@Suite struct SwiftRexStoreShapesSwift5Tests {
    /// A publisher that gives nothing while subscribing and sends what `send` is given to every subscriber, as
    /// SwiftRex's test doubles do.
    final class SilentSubject<Value>: @unchecked Sendable {
        private let subscribers = Locked<[UUID: SubscriberType<Value, Never>]>([:])

        var publisher: PublisherType<Value, Never> {
            PublisherType { subscriber in
                let id = UUID()
                self.subscribers.modify { $0[id] = subscriber }
                return Unsubscribing { self.subscribers.modify { $0[id] = nil } }
            }
        }

        /// A subscription that removes its subscriber.
        struct Unsubscribing: SubscriptionType {
            let remove: () -> Void
            func unsubscribe() { remove() }
        }

        func send(_ value: Value) {
            for subscriber in subscribers.value.values { subscriber.onValue(value) }
        }

        var subscriberCount: Int { subscribers.value.count }
    }

    /// A subscriber recording each value.
    static func recording<Value>(into log: Locked<[Value]>) -> SubscriberType<Value, Never> {
        SubscriberType(onValue: { value in log.append(value) })
    }

    @Test func aProjectionOverAPublisherWithoutCurrentValueForwardsItsValues() {
        let subject = SilentSubject<Int>()
        let projection = StoreProjection<String, Int>(action: { _ in }, state: subject.publisher)
        let received = Locked<[Int]>([])
        // Discarded, as SwiftRex code does: the subscription lasts as the publisher's own subscriptions do.
        _ = projection.statePublisher.subscribe(Self.recording(into: received))
        subject.send(1)
        subject.send(2)
        #expect(received.values == [1, 2])
    }

    @Test func mapsAndProjectionsOfSuchAProviderForwardTheMappedValues() {
        let subject = SilentSubject<Int>()
        let provider = AnyStateProvider(subject.publisher)
        let mapped = Locked<[String]>([])
        let projected = Locked<[Int]>([])
        let store = AnyStoreType<String, Int>(action: { _ in }, state: subject.publisher)
        let subscriptions = [
            provider.map { "\($0)" }.statePublisher.subscribe(Self.recording(into: mapped)),
            store.projection(action: { $0 }, state: { $0 * 10 }).statePublisher.subscribe(
                Self.recording(into: projected)),
        ]
        subject.send(4)
        #expect(mapped.values == ["4"])
        #expect(projected.values == [40])
        subscriptions.forEach { $0.unsubscribe() }
        #expect(subject.subscriberCount == 0)
    }

    @Test func theStateOfSuchAProviderIsTheLastValueReportedOnce() {
        let subject = SilentSubject<Int>()
        let reports = Locked<[StoreDiagnostic]>([])
        let provider = AnyStateProvider(subject.publisher, diagnostics: StoreDiagnostics { reports.append($0) })
        let subscription = provider.subscribe { _ in }
        subject.send(7)
        let first = provider.state
        subject.send(8)
        let second = provider.state
        #expect(first == 7)
        #expect(second == 8)
        let kinds = reports.values.map(\.kind)
        #expect(kinds == [.noCurrentState])
        subscription.cancel()
    }

    @Test func aProviderOverAReplayingPublisherReadsItsCurrentValueWithoutReport() {
        let subject = UnfailableReplayLastSubjectType(initialValue: 3)
        let reports = Locked<[StoreDiagnostic]>([])
        let provider = AnyStateProvider(subject.publisher, diagnostics: StoreDiagnostics { reports.append($0) })
        let received = Locked<[Int]>([])
        let subscription = provider.statePublisher.subscribe(Self.recording(into: received))
        subject.subscriber.onValue(4)
        let state = provider.state
        #expect(state == 4)
        #expect(received.values == [3, 4])
        #expect(reports.values.isEmpty)
        subscription.unsubscribe()
    }

    /// A provider written for SwiftRex, which gives only its publisher.
    final class PublisherOnlyProvider: StateProvider, @unchecked Sendable {
        typealias StateType = String
        let subject = UnfailableReplayLastSubjectType(initialValue: "a")
        var statePublisher: UnfailablePublisherType<String> { subject.publisher }
    }

    @Test func aTypeGivingOnlyItsStatePublisherIsAStateProvider() {
        let provider = PublisherOnlyProvider()
        let received = Locked<[String]>([])
        let subscription = provider.subscribe { received.append($0) }
        provider.subject.subscriber.onValue("b")
        let erased = AnyStateProvider(provider)
        #expect(provider.state == "b")
        #expect(erased.state == "b")
        #expect(received.values == ["b"])
        subscription.cancel()
    }

    /// A mock as SwiftRex's code generator writes it: a generic class that gives only its publisher.
    class GeneratedStateProviderMock<StateType>: StateProvider, @unchecked Sendable {
        var statePublisher: UnfailablePublisherType<StateType> {
            get { return underlyingStatePublisher }
            set(value) { underlyingStatePublisher = value }
        }
        var underlyingStatePublisher: UnfailablePublisherType<StateType>!
    }

    /// A store mock as SwiftRex's code generator writes it: its publisher and a recorded `dispatch`.
    class GeneratedStoreTypeMock<ActionType, StateType>: StoreType, @unchecked Sendable {
        var statePublisher: UnfailablePublisherType<StateType> {
            get { return underlyingStatePublisher }
            set(value) { underlyingStatePublisher = value }
        }
        var underlyingStatePublisher: UnfailablePublisherType<StateType>!
        var dispatchReceivedDispatchedAction: DispatchedAction<ActionType>?

        func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
            dispatchReceivedDispatchedAction = dispatchedAction
        }
    }

    /// What SwiftRex code written for any store reads of one.
    static func currentState<S: StoreType>(of store: S) -> S.StateType { store.state }

    @Test func generatedMocksConformThroughTheirPublisherAlone() {
        let subject = UnfailableReplayLastSubjectType(initialValue: 3)
        let provider = GeneratedStateProviderMock<Int>()
        provider.statePublisher = subject.publisher
        #expect(provider.state == 3)
        #expect(AnyStateProvider(provider).map { $0 * 2 }.state == 6)

        let store = GeneratedStoreTypeMock<String, Int>()
        store.statePublisher = subject.publisher
        subject.subscriber.onValue(4)
        #expect(Self.currentState(of: store) == 4)
        store.dispatch("tap")
        #expect(store.dispatchReceivedDispatchedAction?.action == "tap")
        let projection = store.projection(action: { (tap: Bool) in tap ? "projected" : nil }, state: { $0 + 1 })
        projection.dispatch(true)
        #expect(store.dispatchReceivedDispatchedAction?.action == "projected")
        #expect(projection.state == 5)
    }

    /// A store written for SwiftRex, which gives only its pipeline and its publisher.
    final class PipelineOnlyStore: ReduxStoreProtocol, @unchecked Sendable {
        typealias ActionType = Int
        typealias StateType = Int
        typealias MiddlewareType = IdentityMiddleware<Int, Int, Int>
        let subject = UnfailableReplayLastSubjectType(initialValue: 0)
        lazy var pipeline = ReduxPipelineWrapper<MiddlewareType>(
            state: { subject }, reducer: Reducer { action, state in state += action }, middleware: IdentityMiddleware(),
            scheduling: .callerThread)
        var statePublisher: UnfailablePublisherType<Int> { subject.publisher }
    }

    @Test func aStoreGivingOnlyItsPipelineAndPublisherDispatchesThroughThePipeline() {
        let store = PipelineOnlyStore()
        store.dispatch(2)
        store.dispatch(3)
        #expect(store.state == 5)
    }

    enum Step: Equatable, Sendable { case start, next, followUp }

    /// Sends `.followUp` through its `receiveContext` output while it handles `.start`.
    final class FollowUpMiddleware: MiddlewareProtocol, @unchecked Sendable {
        typealias InputActionType = Step
        typealias OutputActionType = Step
        typealias StateType = [Step]
        private var output: AnyActionHandler<Step>?

        func receiveContext(getState: @escaping GetState<[Step]>, output: AnyActionHandler<Step>) {
            self.output = output
        }

        func handle(action: Step, from dispatcher: ActionSource, state: @escaping GetState<[Step]>) -> IO<Step> {
            if action == .start { output?.dispatch(.followUp) }
            return .pure()
        }
    }

    @MainActor @Test func aStoreOnASubjectRunsReceiveContextOutputOnALaterMainQueueTurn() async {
        let subject = UnfailableReplayLastSubjectType<[Step]>(initialValue: [])
        let store = ReduxStoreBase<Step, [Step]>(
            subject: subject, reducer: Reducer { action, state in state.append(action) },
            middleware: FollowUpMiddleware())
        store.dispatch(.start)
        store.dispatch(.next)
        let before = store.state
        let deadline = Date().addingTimeInterval(60)
        while store.state.count < 3, Date() < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        let after = store.state
        #expect(before == [.start, .next])
        #expect(after == [.start, .next, .followUp])
        #expect(subject.value() == [.start, .next, .followUp])
    }

    @Test func aStoreOnASubjectOnTheCallerThreadKeepsTheStoresOrder() {
        let subject = UnfailableReplayLastSubjectType<[Step]>(initialValue: [])
        let store = ReduxStoreBase<Step, [Step]>(
            subject: subject, reducer: Reducer { action, state in state.append(action) },
            middleware: FollowUpMiddleware(), scheduling: .callerThread)
        store.dispatch(.start)
        store.dispatch(.next)
        #expect(store.state == [.start, .followUp, .next])
    }

    @Test func aStoreOnASubjectPublishesWhatItsSubjectPublishes() {
        let subject = SilentSubject<Int>()
        let sink = UnfailableReplayLastSubjectType(initialValue: 0)
        let forwarded = UnfailableReplayLastSubjectType<Int>(
            publisher: subject.publisher, subscriber: sink.subscriber, value: { sink.value() })
        let store = ReduxStoreBase<Int, Int>(
            subject: forwarded, reducer: Reducer { action, state in state += action }, middleware: IdentityMiddleware(),
            scheduling: .callerThread)
        let received = Locked<[Int]>([])
        _ = store.statePublisher.subscribe(Self.recording(into: received))
        subject.send(9)
        #expect(received.values == [9])
    }

    /// A store written the SwiftRex way: a subclass whose `super.init` makes its subject.
    final class CounterStore: ReduxStoreBase<Int, Int>, @unchecked Sendable {
        init() {
            super.init(
                subject: .combine(initialValue: 10), reducer: Reducer { action, state in state += action },
                middleware: IdentityMiddleware(), scheduling: .callerThread)
        }
    }

    @Test func aSubclassMakesItsSubjectInSuperInit() {
        let store = CounterStore()
        let received = Locked<[Int]>([])
        let subscription = store.statePublisher.subscribe(Self.recording(into: received))
        store.dispatch(5)
        #expect(store.state == 15)
        #expect(received.values == [10, 15])
        subscription.unsubscribe()
    }

    /// A subclass that keeps SwiftRex's defaults: the main thread.
    final class MainThreadStore: ReduxStoreBase<Int, Int>, @unchecked Sendable {
        init(subject: UnfailableReplayLastSubjectType<Int>) {
            super.init(
                subject: subject, reducer: Reducer { action, state in state += action },
                middleware: IdentityMiddleware())
        }
    }

    @Test func aSubclassProcessesOnTheMainThreadByDefault() async {
        let subject = UnfailableReplayLastSubjectType(initialValue: 0)
        let store = MainThreadStore(subject: subject)
        // Set on the main queue alone: visible exactly while the main queue runs (on Linux, the thread that drains it
        // may not be the process's first thread).
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        let onMain = Locked<[Bool]>([])
        let subscription = subject.publisher.subscribe(
            SubscriberType(onValue: { _ in onMain.append(DispatchQueue.getSpecific(key: key) == 1) }))
        Thread { store.dispatch(1) }.start()
        let deadline = Date().addingTimeInterval(60)
        while store.state != 1, Date() < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        let state = store.state
        #expect(state == 1)
        // The current value while subscribing, on the test's thread, then the new state on the main thread.
        #expect(onMain.values.dropFirst() == [true])
        subscription.unsubscribe()
    }
}
