/// A middleware that turns original actions into derived actions, connecting modules that do not know each other.
///
/// Each bridge watches for one kind of action and, after the reducer has run, dispatches a derived action. Bridges
/// keep the middlewares of each module isolated: the business workflow that connects them lives in the bridges.
///
/// ```swift
/// static let lifecycleToReachability = BridgeMiddleware<AppAction, AppAction, AppState>()
///     .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
///     .bridge(\AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring),
///             when: \.settings.shouldUseReachability)
/// ```
///
/// - The optional state predicate (`when:`) is evaluated after the reducer, inside the returned ``IO``: the
///   original action first changes the state, then the bridge decides whether to dispatch.
/// - The derived action keeps the original action's ``ActionSource`` (file, function, line) and appends to its
///   `info` the line `Bridged from <original action> at <file>, <function>:<line>`, naming the `.bridge(...)` call.
/// - Several bridges may fire for the same action; their derived actions are dispatched in the order the bridges
///   were added.
///
/// A `BridgeMiddleware` is an immutable value: `.bridge(...)` returns a new middleware with one more bridge, and one
/// value may be shared by any number of threads.
public struct BridgeMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol, Sendable {
    /// Handles one action for one bridge: the IO that dispatches the derived action, or ``IO/pure()``.
    package typealias BridgeHandler =
        @Sendable (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>

    package let bridges: [BridgeHandler]

    /// Creates a middleware with no bridges; add them with `bridge(_:when:)`.
    public init() {
        self.bridges = []
    }

    package init(bridges: [BridgeHandler]) {
        self.bridges = bridges
    }

    /// The number of bridges in this middleware.
    package var count: Int { bridges.count }

    /// Lets every bridge look at the action; returns the IO that dispatches the derived actions, in the order the
    /// bridges were added, or ``IO/pure()`` when no bridge matches.
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        var io = IO<OutputActionType>.pure()
        for bridge in bridges {
            io = io <> bridge(action, dispatcher, state)
        }
        return io
    }

    /// A copy of this middleware with one more bridge, built from its parts (see `handler`).
    package func appending<Payload>(
        extract: @escaping @Sendable (InputActionType) -> Payload?,
        derive: @escaping @Sendable (Payload, GetState<StateType>) -> OutputActionType?,
        predicate: (@Sendable (GetState<StateType>) -> Bool)?,
        place: String
    ) -> BridgeMiddleware {
        BridgeMiddleware(
            bridges: bridges + [Self.handler(extract: extract, derive: derive, predicate: predicate, place: place)]
        )
    }

    /// The handler of one bridge.
    ///
    /// - Parameters:
    ///   - extract: the payload of an original action, or `nil` to ignore the action; called in `handle`.
    ///   - derive: the derived action for a payload, or `nil` to dispatch nothing; called in the IO, with the state
    ///     after the reducer.
    ///   - predicate: whether to dispatch, given the state after the reducer; `nil` always dispatches.
    ///   - place: `<file>, <function>:<line>` of the `.bridge(...)` call, for the provenance line.
    package static func handler<Payload>(
        extract: @escaping @Sendable (InputActionType) -> Payload?,
        derive: @escaping @Sendable (Payload, GetState<StateType>) -> OutputActionType?,
        predicate: (@Sendable (GetState<StateType>) -> Bool)?,
        place: String
    ) -> BridgeHandler {
        { action, dispatcher, state in
            guard let payload = extract(action) else { return .pure() }
            return IO { output in
                if let predicate, !predicate(state) { return }
                guard let derived = derive(payload, state) else { return }
                output.dispatch(derived, from: dispatcher.appendingInfo("Bridged from \(action) at \(place)"))
            }
        }
    }

    /// `<file name>, <function>:<line>`, where the file name is the last path component of a `#fileID`.
    ///
    /// A bridge declared by a global `let` has no enclosing function: `#function` then names the module (the first
    /// component of the `#fileID`), which would read as a function. The place then says `top level` instead.
    package static func place(file: String, function: String, line: UInt) -> String {
        let components = file.split(separator: "/")
        let fileName = components.last.map(String.init) ?? file
        let isTopLevel = components.count > 1 && components.first.map(String.init) == function
        return "\(fileName), \(isTopLevel ? "top level" : function):\(line)"
    }
}
