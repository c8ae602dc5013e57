// Invariant of the one unchecked type here: `StateBox` hands a state that need not be `Sendable` to a `GetState`
// closure that `derivedAction(for:state:)` calls on the caller's thread before it returns; the box never escapes.

/// One bridge: which original actions it reacts to, and the derived action it dispatches for each of them.
///
/// Build one with the arrow `>=>` from a key path, or with `Bridge(on:dispatch:)` from a closure, and add it to a
/// ``BridgeMiddleware`` with `bridge(_:when:)`:
///
/// ```swift
/// BridgeMiddleware<AppAction, AppAction, AppState>()
///     .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
///     .bridge(\AppAction.searchBar?.textChanged >=> { text in AppAction.search(.query(text)) })
///     .bridge(\AppAction.cart?.checkout >=> { _, state in AppAction.payment(.charge(state.cart.total)) })
/// ```
///
/// The state type is the middleware's: a bridge kept in a constant names it,
/// `let start: Bridge<AppAction, AppAction, AppState> = \AppAction.lifecycle?.didBecomeActive >=> …`.
public struct Bridge<InputActionType, OutputActionType, StateType>: Sendable {
    /// Makes the handler that a ``BridgeMiddleware`` runs for every action, given its predicate and the place of the
    /// `.bridge(...)` call.
    package let makeHandler:
        @Sendable (
            _ predicate: (@Sendable (GetState<StateType>) -> Bool)?,
            _ place: String
        ) -> BridgeMiddleware<InputActionType, OutputActionType, StateType>.BridgeHandler
    /// The derived action for an action and the state after the reducer, or `nil` when the bridge ignores it.
    private let derive: @Sendable (InputActionType, GetState<StateType>) -> OutputActionType?

    /// A bridge from its two halves: `extract` finds the payload in an original action (`nil` for the actions it
    /// ignores), in `handle`, before the reducer; `derive` builds the derived action, or `nil` for none, after the
    /// reducer, with the state it left.
    package init<Payload>(
        extract: @escaping @Sendable (InputActionType) -> Payload?,
        derive: @escaping @Sendable (Payload, GetState<StateType>) -> OutputActionType?
    ) {
        self.makeHandler = { predicate, place in
            BridgeMiddleware.handler(extract: extract, derive: derive, predicate: predicate, place: place)
        }
        self.derive = { action, state in extract(action).flatMap { derive($0, state) } }
    }

    /// A bridge that dispatches `derive(payload)` for every action from which `extract` returns a payload.
    ///
    /// ```swift
    /// Bridge(on: { (action: AppAction) in action.login?.succeeded }, dispatch: { AppAction.profile(.load($0)) })
    /// ```
    @preconcurrency
    public init<Payload>(
        on extract: @escaping @Sendable (InputActionType) -> Payload?,
        dispatch derive: @escaping @Sendable (Payload) -> OutputActionType
    ) {
        self.init(extract: extract, derive: { payload, _ in derive(payload) })
    }

    /// A bridge that dispatches `derive(payload, state)` for every action from which `extract` returns a payload,
    /// where `state` is the state after the reducer.
    ///
    /// ```swift
    /// Bridge(on: { (action: AppAction) in action.cart?.checkout }, dispatch: { _, state in
    ///     AppAction.payment(.charge(state.cart.total))
    /// })
    /// ```
    @preconcurrency
    public init<Payload>(
        on extract: @escaping @Sendable (InputActionType) -> Payload?,
        dispatch derive: @escaping @Sendable (Payload, StateType) -> OutputActionType
    ) {
        self.init(extract: extract, derive: { payload, state in derive(payload, state()) })
    }

    /// The action this bridge derives from `action` when the reducer leaves `state`, or `nil` when it ignores
    /// `action`; the predicate given to `bridge(_:when:)` is not part of the bridge. For testing a bridge on its own.
    ///
    /// ```swift
    /// let start: Bridge<AppAction, AppAction, AppState> =
    ///     \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring)
    /// #expect(start.derivedAction(for: .lifecycle(.didBecomeActive), state: AppState()) == .reachability(.startMonitoring))
    /// ```
    public func derivedAction(for action: InputActionType, state: StateType) -> OutputActionType? {
        let box = StateBox(state)
        return derive(action, { box.value })
    }
}

/// A state captured for the `GetState` of ``Bridge/derivedAction(for:state:)``.
private final class StateBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
