/// Decides whether the store notifies its observers after an action.
///
/// It never decides whether the new state is kept: the reducer's result is always committed.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, emitsValue: .when { old, new in
///     old.visibleItems != new.visibleItems
/// })
/// ```
public enum ShouldEmitValue<State>: Sendable {
    /// Notify after every action.
    case always
    /// Never notify.
    case never
    /// Notify when the predicate, given the state before and after the action, returns `true`.
    case when(@Sendable (State, State) -> Bool)

    /// Whether observers are notified of the change from `old` to `new`.
    @inlinable
    public func shouldEmit(previous old: State, new: State) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .when(let predicate): predicate(old, new)
        }
    }

    @usableFromInline
    var needsPreviousState: Bool {
        if case .when = self { return true }
        return false
    }
}

extension ShouldEmitValue where State: Equatable & SendableMetatype {
    /// Notify when the new state differs from the previous one: the default for `Equatable` state.
    ///
    /// The store keeps the previous state to compare, which shares the storage of its collections with the new
    /// state; a reducer that changes a large collection in place then copies it. Use ``always`` for such states.
    @inlinable
    public static var whenDifferent: ShouldEmitValue {
        .when { $0 != $1 }
    }
}

extension ShouldEmitValue {
    /// ``whenDifferent`` for `Equatable` state, ``always`` otherwise: the store's default.
    @usableFromInline
    static func defaultPolicy() -> ShouldEmitValue {
        guard let equatable = State.self as? any (Equatable & SendableMetatype).Type else { return .always }
        return whenDifferent(equatable)
    }

    private static func whenDifferent<E: Equatable & SendableMetatype>(_: E.Type) -> ShouldEmitValue {
        // State is E: the bit casts are identity conversions, with no dynamic cast per comparison.
        .when { unsafeBitCast($0, to: E.self) != unsafeBitCast($1, to: E.self) }
    }
}
