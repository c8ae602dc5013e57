extension BridgeMiddleware {
    /// A copy of this middleware with one more bridge, dispatching only when `predicate` (given the state after the
    /// reducer) returns `true`, or always when there is no predicate.
    ///
    /// ```swift
    /// BridgeMiddleware<AppAction, AppAction, AppState>()
    ///     .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
    ///     .bridge(\AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring),
    ///             when: { $0().settings.reachabilityOptions == .always })
    /// ```
    ///
    /// - Parameters:
    ///   - bridge: the original actions and the derived action, built with `>=>` or `Bridge(on:dispatch:)`.
    ///   - predicate: whether to dispatch, given the state after the reducer; `nil` (the default) always dispatches.
    ///   - file: the file of the call, recorded in the derived action's info; leave the default.
    ///   - function: the function of the call, recorded in the derived action's info; leave the default.
    ///   - line: the line of the call, recorded in the derived action's info; leave the default.
    @preconcurrency
    public func bridge(
        _ bridge: Bridge<InputActionType, OutputActionType, StateType>,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        BridgeMiddleware(
            bridges: bridges + [bridge.makeHandler(predicate, Self.place(file: file, function: function, line: line))]
        )
    }

    /// A copy of this middleware with one more bridge, dispatching only when the state after the reducer has `true`
    /// at `condition`.
    ///
    /// ```swift
    /// .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring),
    ///         when: \.settings.shouldUseReachability)
    /// ```
    public func bridge(
        _ bridge: Bridge<InputActionType, OutputActionType, StateType>,
        when condition: KeyPath<StateType, Bool> & Sendable,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        self.bridge(bridge, when: { $0()[keyPath: condition] }, file: file, function: function, line: line)
    }
}
