extension BridgeMiddleware {
    /// A copy of this middleware with one more bridge, built with the arrow `>=>`.
    ///
    /// ```swift
    /// BridgeMiddleware<AppAction, AppAction, AppState>()
    ///     .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
    ///     .bridge(\AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring),
    ///             when: { $0().settings.reachabilityOptions == .always })
    /// ```
    ///
    /// - Parameters:
    ///   - bridge: the original actions and the derived action.
    ///   - predicate: whether to dispatch, given the state after the reducer; `nil` (the default) always dispatches.
    ///   - file: the file of the call, recorded in the derived action's info; leave the default.
    ///   - function: the function of the call, recorded in the derived action's info; leave the default.
    ///   - line: the line of the call, recorded in the derived action's info; leave the default.
    @preconcurrency
    public func bridge<Payload>(
        _ bridge: Bridge<InputActionType, Payload, OutputActionType>,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        let derive = bridge.derive
        return appending(
            extract: bridge.extract,
            derive: { payload, _ in derive(payload) },
            predicate: predicate,
            place: Self.place(file: file, function: function, line: line)
        )
    }

    /// A copy of this middleware with one more bridge that dispatches only when the state after the reducer has
    /// `true` at `condition`.
    ///
    /// ```swift
    /// .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring),
    ///         when: \.settings.shouldUseReachability)
    /// ```
    public func bridge<Payload>(
        _ bridge: Bridge<InputActionType, Payload, OutputActionType>,
        when condition: KeyPath<StateType, Bool> & Sendable,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        self.bridge(bridge, when: { $0()[keyPath: condition] }, file: file, function: function, line: line)
    }

    /// A copy of this middleware with one more bridge, spelled without the arrow.
    ///
    /// ```swift
    /// .bridge(on: \AppAction.login?.succeeded, dispatch: { user in AppAction.profile(.load(user)) })
    /// ```
    ///
    /// - Parameters:
    ///   - extract: the payload of an original action, or `nil` to ignore it (the overload taking a key path takes
    ///     key path literals and stored key paths).
    ///   - derive: the derived action for a payload.
    ///   - predicate: whether to dispatch, given the state after the reducer; `nil` (the default) always dispatches.
    ///   - file: the file of the call, recorded in the derived action's info; leave the default.
    ///   - function: the function of the call, recorded in the derived action's info; leave the default.
    ///   - line: the line of the call, recorded in the derived action's info; leave the default.
    @preconcurrency
    public func bridge<Payload>(
        on extract: @escaping @Sendable (InputActionType) -> Payload?,
        dispatch derive: @escaping @Sendable (Payload) -> OutputActionType,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        bridge(Bridge(on: extract, dispatch: derive), when: predicate, file: file, function: function, line: line)
    }

    /// A copy of this middleware with one more bridge, spelled without the arrow, that dispatches only when the
    /// state after the reducer has `true` at `condition`.
    @preconcurrency
    public func bridge<Payload>(
        on extract: @escaping @Sendable (InputActionType) -> Payload?,
        dispatch derive: @escaping @Sendable (Payload) -> OutputActionType,
        when condition: KeyPath<StateType, Bool> & Sendable,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        bridge(Bridge(on: extract, dispatch: derive), when: condition, file: file, function: function, line: line)
    }

    /// A copy of this middleware with one more bridge whose derived action is built from the payload and the state
    /// after the reducer.
    ///
    /// ```swift
    /// .bridgeWithState(on: \AppAction.cart?.checkout, dispatch: { _, state in
    ///     AppAction.payment(.charge(state.cart.total))
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - extract: the payload of an original action, or `nil` to ignore it (the overload taking a key path takes
    ///     key path literals and stored key paths).
    ///   - derive: the derived action for a payload and the state after the reducer.
    ///   - predicate: whether to dispatch, given the state after the reducer; `nil` (the default) always dispatches.
    ///   - file: the file of the call, recorded in the derived action's info; leave the default.
    ///   - function: the function of the call, recorded in the derived action's info; leave the default.
    ///   - line: the line of the call, recorded in the derived action's info; leave the default.
    @preconcurrency
    public func bridgeWithState<Payload>(
        on extract: @escaping @Sendable (InputActionType) -> Payload?,
        dispatch derive: @escaping @Sendable (Payload, StateType) -> OutputActionType,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        appending(
            extract: extract,
            derive: { payload, state in derive(payload, state()) },
            predicate: predicate,
            place: Self.place(file: file, function: function, line: line)
        )
    }

    /// A copy of this middleware with one more bridge whose derived action is built from the payload and the state
    /// after the reducer, dispatched only when that state has `true` at `condition`.
    @preconcurrency
    public func bridgeWithState<Payload>(
        on extract: @escaping @Sendable (InputActionType) -> Payload?,
        dispatch derive: @escaping @Sendable (Payload, StateType) -> OutputActionType,
        when condition: KeyPath<StateType, Bool> & Sendable,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        bridgeWithState(
            on: extract, dispatch: derive, when: { $0()[keyPath: condition] }, file: file, function: function,
            line: line)
    }

    // MARK: The same, with the original actions at a key path

    /// A copy of this middleware with one more bridge, spelled without the arrow, whose original actions are those
    /// with a non-`nil` value at `keyPath`: a key path literal, or one kept in a variable.
    ///
    /// ```swift
    /// let loggedIn: KeyPath<AppAction, User?> & Sendable = \AppAction.login?.succeeded
    /// bridges.bridge(on: loggedIn, dispatch: { user in AppAction.profile(.load(user)) })
    /// ```
    @preconcurrency
    public func bridge<Payload>(
        on keyPath: KeyPath<InputActionType, Payload?> & Sendable,
        dispatch derive: @escaping @Sendable (Payload) -> OutputActionType,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        bridge(Bridge(on: keyPath, dispatch: derive), when: predicate, file: file, function: function, line: line)
    }

    /// A copy of this middleware with one more bridge whose original actions are at `keyPath`, dispatching only
    /// when the state after the reducer has `true` at `condition`.
    @preconcurrency
    public func bridge<Payload>(
        on keyPath: KeyPath<InputActionType, Payload?> & Sendable,
        dispatch derive: @escaping @Sendable (Payload) -> OutputActionType,
        when condition: KeyPath<StateType, Bool> & Sendable,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        bridge(Bridge(on: keyPath, dispatch: derive), when: condition, file: file, function: function, line: line)
    }

    /// `bridgeWithState(on:dispatch:when:)` with the original actions at `keyPath`, a key path
    /// literal or one kept in a variable.
    @preconcurrency
    public func bridgeWithState<Payload>(
        on keyPath: KeyPath<InputActionType, Payload?> & Sendable,
        dispatch derive: @escaping @Sendable (Payload, StateType) -> OutputActionType,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        bridgeWithState(
            on: { $0[keyPath: keyPath] }, dispatch: derive, when: predicate, file: file, function: function, line: line)
    }

    /// `bridgeWithState(on:dispatch:when:)` with the original actions at `keyPath`,
    /// dispatching only when the state after the reducer has `true` at `condition`.
    @preconcurrency
    public func bridgeWithState<Payload>(
        on keyPath: KeyPath<InputActionType, Payload?> & Sendable,
        dispatch derive: @escaping @Sendable (Payload, StateType) -> OutputActionType,
        when condition: KeyPath<StateType, Bool> & Sendable,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        bridgeWithState(
            on: { $0[keyPath: keyPath] }, dispatch: derive, when: condition, file: file, function: function, line: line)
    }
}
