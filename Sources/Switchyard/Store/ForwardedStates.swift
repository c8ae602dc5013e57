/// The states of a provider made from another library's publisher, kept so that the compatibility products can hand
/// that publisher's values back as it gives them: the values it gives while subscribing as well as the later ones,
/// with no current state read first, which a publisher that gives none while subscribing could not answer.
@usableFromInline package struct ForwardedStates<State>: Sendable {
    /// Subscribes to every value and to the completion; returns the other library's subscription, which the caller
    /// keeps or lets go of as that library allows.
    package let subscribe:
        @Sendable (
            _ onValue: @escaping @Sendable (State) -> Void,
            _ onCompleted: @escaping @Sendable () -> Void
        ) -> Any

    /// Forwarded states from their subscribing function.
    package init(
        subscribe:
            @escaping @Sendable (
                _ onValue: @escaping @Sendable (State) -> Void,
                _ onCompleted: @escaping @Sendable () -> Void
            ) -> Any
    ) {
        self.subscribe = subscribe
    }

    /// `transform` applied to each value.
    package func map<NewState>(_ transform: @escaping @Sendable (State) -> NewState) -> ForwardedStates<NewState> {
        let subscribe = self.subscribe
        return ForwardedStates<NewState> { onValue, onCompleted in
            subscribe({ onValue(transform($0)) }, onCompleted)
        }
    }
}

/// A provider that may forward another library's publisher of states; see ``ForwardedStates``.
package protocol ForwardingStateProvider<State>: StateReading {
    /// The forwarded states, when this provider was made from another library's publisher.
    var forwardedStates: ForwardedStates<State>? { get }
}

/// The forwarded states of `provider`, when it has any.
package func forwardedStates<State>(of provider: Any, as _: State.Type = State.self) -> ForwardedStates<State>? {
    (provider as? any ForwardingStateProvider<State>)?.forwardedStates
}

extension Store: ForwardingStateProvider {
    /// The states of the subject this store was made on, if it forwards them.
    package var forwardedStates: ForwardedStates<State>? { subjectStates }
}
