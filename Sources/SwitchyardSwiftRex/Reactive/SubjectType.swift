import Switchyard

/// A publisher and the subscriber that feeds it, as SwiftRex 0.8 names the pair.
public struct SubjectType<Element, ErrorType: Error>: Sendable {
    /// Where the values go out.
    public let publisher: PublisherType<Element, ErrorType>
    /// Where the values come in.
    public let subscriber: SubscriberType<Element, ErrorType>

    /// A subject from its two halves.
    public init(publisher: PublisherType<Element, ErrorType>, subscriber: SubscriberType<Element, ErrorType>) {
        self.publisher = publisher
        self.subscriber = subscriber
    }
}

/// A subject that never fails, as SwiftRex 0.8 names it.
public typealias UnfailableSubject<Element> = SubjectType<Element, Never>
