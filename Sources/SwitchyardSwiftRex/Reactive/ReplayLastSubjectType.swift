import Switchyard

/// A subject that remembers its last value and gives it to each new subscriber first, as SwiftRex 0.8 names it: the
/// state of a store made with `ReduxStoreBase(subject:reducer:middleware:)`.
///
/// Make one in memory with ``init(initialValue:)``, or wrap another reactive library's subject with
/// ``init(publisher:subscriber:value:)``.
public struct ReplayLastSubjectType<Element, ErrorType: Error>: Sendable {
    /// Where the values go out; a new subscriber receives the last value first.
    public let publisher: PublisherType<Element, ErrorType>
    /// Where the values come in.
    public let subscriber: SubscriberType<Element, ErrorType>
    /// The last value.
    public var value: @Sendable () -> Element

    /// A subject from its parts.
    @preconcurrency
    public init(
        publisher: PublisherType<Element, ErrorType>,
        subscriber: SubscriberType<Element, ErrorType>,
        value: @escaping @Sendable () -> Element
    ) {
        self.publisher = publisher
        self.subscriber = subscriber
        self.value = value
    }

    /// A subject in memory, starting with `initialValue`: safe from any thread; each subscriber receives the values
    /// in the order they came in, the current one first, and never two at once.
    ///
    /// ```swift
    /// let subject = UnfailableReplayLastSubjectType(initialValue: AppState())
    /// let store = ReduxStoreBase(subject: subject, reducer: appReducer, middleware: IdentityMiddleware())
    /// ```
    public init(initialValue: Element) {
        let storage = ReplayLastStorage<Element, ErrorType>(initialValue)
        self.init(
            publisher: PublisherType { storage.subscribe($0) },
            subscriber: SubscriberType(
                onValue: { storage.send(.value($0)) },
                onCompleted: { storage.send(.completed($0)) }
            ),
            value: { storage.value }
        )
    }
}

extension ReplayLastSubjectType {
    /// A subject in memory starting with `initialValue`, under CombineRex's name: ``init(initialValue:)``.
    ///
    /// ```swift
    /// let store = ReduxStoreBase(subject: .combine(initialValue: AppState()), reducer: appReducer, middleware: m)
    /// ```
    public static func combine(initialValue: Element) -> ReplayLastSubjectType {
        ReplayLastSubjectType(initialValue: initialValue)
    }

    /// Changes the value with `action` and sends the result; returns what `action` returns.
    ///
    /// Reading the value, changing it and sending it are three steps: two threads mutating at once can lose one of
    /// the changes. A store serializes its own mutations.
    @discardableResult
    public func mutate<Result>(_ action: (inout Element) -> Result) -> Result {
        var element = value()
        let result = action(&element)
        subscriber.onValue(element)
        return result
    }

    /// Changes the value with `action` and sends the result when `condition` holds for what `action` returns.
    @discardableResult
    @preconcurrency
    public func mutate<Result>(
        when condition: @escaping @Sendable (Result) -> Bool,
        action: (inout Element) -> Result
    ) -> Result {
        var element = value()
        let result = action(&element)
        if condition(result) { subscriber.onValue(element) }
        return result
    }
}

/// A replay-last subject that never fails, as SwiftRex 0.8 names it.
public typealias UnfailableReplayLastSubjectType<Element> = ReplayLastSubjectType<Element, Never>
