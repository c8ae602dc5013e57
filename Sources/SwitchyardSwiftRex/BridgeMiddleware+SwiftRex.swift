import Switchyard

// BridgeMiddleware 0.1.3's spellings. Its `file:`, `line:` and `function:` parameters came in that order; they are
// kept so, with `#fileID` as the default file (a full path would put a build machine's folders in every log). As in
// 0.1.3, the provenance line names the file and the function as they are given: "at <file>, <function>:<line>".
extension BridgeMiddleware {
    /// A copy of this middleware with one more bridge: `mapping` looks at each action, before the reducer, and gives
    /// the derived action, or `nil` for none; `predicate` decides, after the reducer, whether to dispatch it.
    ///
    /// ```swift
    /// .bridge({ (action: AppAction) -> AppAction? in
    ///     guard case .lifecycle(.didBecomeActive) = action else { return nil }
    ///     return .reachability(.startMonitoring)
    /// })
    /// ```
    @preconcurrency
    public func bridge(
        _ mapping: @escaping @Sendable (InputActionType) -> OutputActionType?,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> BridgeMiddleware {
        appending(
            extract: mapping,
            derive: { derived, _ in derived },
            predicate: predicate,
            place: "\(file), \(function):\(line)"
        )
    }

    /// A copy of this middleware with one more bridge whose derived action comes from the payload at `keyPath`, or
    /// none when `derive` gives `nil`; `predicate` decides, after the reducer, whether to dispatch it.
    @preconcurrency
    public func bridge<Value>(
        on keyPath: KeyPath<InputActionType, Value?> & Sendable,
        dispatch derive: @escaping @Sendable (Value) -> OutputActionType?,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> BridgeMiddleware {
        appending(
            extract: { $0[keyPath: keyPath] },
            derive: { value, _ in derive(value) },
            predicate: predicate,
            place: "\(file), \(function):\(line)"
        )
    }

    /// A copy of this middleware with one more bridge that dispatches `derived` for each action with a value at
    /// `keyPath` (a case without payload).
    ///
    /// ```swift
    /// .bridge(on: \AppAction.lifecycle?.didBecomeActive, dispatch: .reachability(.startMonitoring))
    /// ```
    @preconcurrency
    public func bridge(
        on keyPath: KeyPath<InputActionType, Void?> & Sendable,
        dispatch derived: @autoclosure @escaping @Sendable () -> OutputActionType,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> BridgeMiddleware {
        appending(
            extract: { $0[keyPath: keyPath] },
            derive: { _, _ in derived() },
            predicate: predicate,
            place: "\(file), \(function):\(line)"
        )
    }

    /// A copy of this middleware with one more bridge that looks at every action after the reducer, with the state
    /// it left: `mapping` gives the derived action, or `nil` for none.
    ///
    /// ```swift
    /// .bridgeWithState { action, getState in
    ///     guard case .login(.succeeded) = action, getState().settings.syncOnLogin else { return nil }
    ///     return .sync(.start)
    /// }
    /// ```
    @preconcurrency
    public func bridgeWithState(
        _ mapping: @escaping @Sendable (InputActionType, GetState<StateType>) -> OutputActionType?,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> BridgeMiddleware {
        appending(
            extract: { $0 },
            derive: { action, state in mapping(action, state) },
            predicate: nil,
            place: "\(file), \(function):\(line)"
        )
    }
}

extension BridgeMiddleware
where StateType: Identifiable & Sendable, StateType.ID: Sendable, InputActionType == OutputActionType {
    /// This middleware's bridges for the elements of a collection, as a bridge middleware of the app: an action for
    /// the element with an id (at `actionMap`) goes through the bridges with that element as their state, and each
    /// derived action is addressed to the same element.
    @preconcurrency
    public func liftToCollection<
        GlobalAction: Sendable, GlobalState, CollectionState: MutableCollection & SendableMetatype
    >(
        action actionMap: WritableKeyPath<GlobalAction, ElementIDAction<StateType.ID, InputActionType>?> & Sendable,
        stateCollection: KeyPath<GlobalState, CollectionState> & Sendable
    ) -> BridgeMiddleware<GlobalAction, GlobalAction, GlobalState> where CollectionState.Element == StateType {
        BridgeMiddleware<GlobalAction, GlobalAction, GlobalState>(
            bridges: bridges.map { bridge in
                let lifted = BridgeMiddleware(bridges: [bridge]).eraseToAnyMiddleware()
                    .liftToCollection(action: actionMap, stateCollection: stateCollection)
                return { action, dispatcher, state in
                    namingTheAppsAction(
                        lifted.handle(action: action, from: dispatcher, state: state),
                        action,
                        element: action[keyPath: actionMap]?.action)
                }
            }
        )
    }
}

extension BridgeMiddleware where StateType: Identifiable & Sendable, StateType.ID: Sendable {
    /// This middleware's bridges for the elements of a collection, as a bridge middleware of the app, with closures:
    /// `inputAction` finds the element's action in an app action, `outputAction` addresses a derived action to the
    /// app, and `stateCollection` finds the collection in the app's state.
    @preconcurrency
    public func liftToCollection<GlobalAction, GlobalState, CollectionState: MutableCollection & SendableMetatype>(
        inputAction actionMap: @escaping @Sendable (GlobalAction) -> ElementIDAction<StateType.ID, InputActionType>?,
        outputAction outputMap: @escaping @Sendable (ElementIDAction<StateType.ID, OutputActionType>) -> GlobalAction,
        stateCollection: @escaping @Sendable (GlobalState) -> CollectionState
    ) -> BridgeMiddleware<GlobalAction, GlobalAction, GlobalState> where CollectionState.Element == StateType {
        BridgeMiddleware<GlobalAction, GlobalAction, GlobalState>(
            bridges: bridges.map { bridge in
                let lifted = BridgeMiddleware(bridges: [bridge]).eraseToAnyMiddleware()
                    .liftToCollection(inputAction: actionMap, outputAction: outputMap, state: stateCollection)
                return { action, dispatcher, state in
                    namingTheAppsAction(
                        lifted.handle(action: action, from: dispatcher, state: state),
                        action,
                        element: actionMap(action)?.action)
                }
            }
        )
    }
}

/// `io`, its derived actions' provenance naming the app's action that was bridged (`Bridged from
/// row(ElementIDAction(id: 2, action: tap)) at …`) rather than the element's (`Bridged from tap at …`), as
/// BridgeMiddleware 0.1.3's `liftToCollection` did.
private func namingTheAppsAction<Output>(_ io: IO<Output>, _ action: some Any, element: Any?) -> IO<Output> {
    guard !io.isPure, let element else { return io }
    let local = "Bridged from \(element) at "
    let global = "Bridged from \(action) at "
    return IO { output in
        io.run(
            AnyActionHandler { dispatched in
                output.dispatch(
                    dispatched.action, from: dispatched.dispatcher.replacingLastInfoLine(local, with: global))
            })
    }
}

extension ActionSource {
    /// This source with the prefix `local` of its last info line replaced by `global`, when the line starts so.
    fileprivate func replacingLastInfoLine(_ local: String, with global: String) -> ActionSource {
        guard let info else { return self }
        var lines = info.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last, last.hasPrefix(local) else { return self }
        lines[lines.count - 1] = Substring(global + last.dropFirst(local.count))
        return ActionSource(file: file, function: function, line: line, info: lines.joined(separator: "\n"))
    }
}
