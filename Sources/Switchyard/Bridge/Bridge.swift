/// One bridge: which original actions it reacts to, and the derived action it dispatches for each of them.
///
/// Build it with the arrow `>=>` (or with `init(on:dispatch:)`) and add it to a ``BridgeMiddleware``:
///
/// ```swift
/// let startMonitoring = \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring)
/// let search = \AppAction.searchBar?.textChanged >=> { text in AppAction.search(.query(text)) }
/// BridgeMiddleware<AppAction, AppAction, AppState>().bridge(startMonitoring).bridge(search)
/// ```
public struct Bridge<InputActionType, Payload, OutputActionType>: Sendable {
    /// Returns the payload of an original action, or `nil` for an action this bridge ignores.
    public let extract: @Sendable (InputActionType) -> Payload?
    /// Builds the derived action from the payload of the original action.
    public let derive: @Sendable (Payload) -> OutputActionType

    /// A bridge that dispatches `derive(payload)` for every action from which `extract` returns a payload.
    ///
    /// ```swift
    /// Bridge(on: { (action: AppAction) in action.login?.succeeded }, dispatch: { AppAction.profile(.load($0)) })
    /// ```
    @preconcurrency
    public init(
        on extract: @escaping @Sendable (InputActionType) -> Payload?,
        dispatch derive: @escaping @Sendable (Payload) -> OutputActionType
    ) {
        self.extract = extract
        self.derive = derive
    }

    /// A bridge that dispatches `derive(payload)` for every action whose value at `keyPath` is not `nil`.
    ///
    /// ```swift
    /// Bridge(on: \AppAction.login?.succeeded, dispatch: { AppAction.profile(.load($0)) })
    /// ```
    @preconcurrency
    public init(
        on keyPath: KeyPath<InputActionType, Payload?> & Sendable,
        dispatch derive: @escaping @Sendable (Payload) -> OutputActionType
    ) {
        self.init(on: { $0[keyPath: keyPath] }, dispatch: derive)
    }
}

extension Bridge where OutputActionType: Sendable {
    /// A bridge that dispatches `derivedAction` for every action from which `extract` returns a payload.
    @preconcurrency
    public init(on extract: @escaping @Sendable (InputActionType) -> Payload?, dispatch derivedAction: OutputActionType)
    {
        self.init(on: extract, dispatch: { _ in derivedAction })
    }

    /// A bridge that dispatches `derivedAction` for every action whose value at `keyPath` is not `nil`.
    ///
    /// ```swift
    /// Bridge(on: \AppAction.lifecycle?.didBecomeActive, dispatch: AppAction.reachability(.startMonitoring))
    /// ```
    public init(on keyPath: KeyPath<InputActionType, Payload?> & Sendable, dispatch derivedAction: OutputActionType) {
        self.init(on: { $0[keyPath: keyPath] }, dispatch: { _ in derivedAction })
    }
}
