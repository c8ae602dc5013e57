import Switchyard

extension ReplayLastSubjectType: StoreStateSubject, ForwardingStateSubject where ErrorType == Never {
    /// The subject's current value, which a store made on the subject starts from.
    public func currentStoreState() -> Element { value() }

    /// Sends a state of the store made on the subject to the subject's subscriber.
    public func storeDidReduce(_ state: Element) { subscriber.onValue(state) }

    /// The subject's publisher, which a store made on the subject forwards as its `statePublisher`.
    package var forwardedStates: ForwardedStates<Element> { PublisherType.forwardedStates(of: publisher) }
}

extension StoreStateSubject {
    /// A replay-last subject in memory that starts with `initialValue`, as SwiftRex's `.combine(initialValue:)`
    /// made one; so that a store's `super.init(subject: .combine(initialValue: AppState()), …)` compiles as it did.
    ///
    /// ```swift
    /// final class AppStore: ReduxStoreBase<AppAction, AppState>, @unchecked Sendable {
    ///     init() {
    ///         super.init(subject: .combine(initialValue: AppState()), reducer: appReducer, middleware: appMiddleware)
    ///     }
    /// }
    /// ```
    public static func combine<Element>(initialValue: Element) -> Self
    where Self == UnfailableReplayLastSubjectType<Element> {
        UnfailableReplayLastSubjectType(initialValue: initialValue)
    }
}
