import Switchyard

extension ReplayLastSubjectType: StoreStateSubject, ForwardingStateSubject where ErrorType == Never {
    /// The subject's current value, which a store made on the subject starts from.
    public func currentStoreState() -> Element { value() }

    /// Sends a state of the store made on the subject to the subject's subscriber.
    public func storeDidReduce(_ state: Element) { subscriber.onValue(state) }

    /// The subject's publisher, which a store made on the subject forwards as its `statePublisher`.
    package var forwardedStates: ForwardedStates<Element> { PublisherType.forwardedStates(of: publisher) }
}
