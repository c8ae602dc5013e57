/// A middleware written for local types, plugged into global types: the result of `lift`.
///
/// Global actions that `inputAction` maps to `nil` are ignored at no cost: the wrapped middleware is not called
/// and no IO is allocated.
public struct LiftMiddleware<
    GlobalInputActionType,
    GlobalOutputActionType,
    GlobalStateType,
    PartMiddleware: MiddlewareProtocol
>: MiddlewareProtocol {
    /// The wrapped, local middleware.
    @usableFromInline package let middleware: PartMiddleware
    @usableFromInline
    let inputActionMap: @Sendable (GlobalInputActionType) -> PartMiddleware.InputActionType?
    @usableFromInline
    let outputActionMap: @Sendable (PartMiddleware.OutputActionType) -> GlobalOutputActionType
    @usableFromInline
    let stateLift: @Sendable (@escaping GetState<GlobalStateType>) -> GetState<PartMiddleware.StateType>
    /// The state map that `stateLift` applies, or `nil` for a lift that passes the state through: erasing a lift of
    /// an erased lift chains it (see `AnyMiddleware.init(_:)`). Never read while handling an action.
    @usableFromInline
    let stateMap: (@Sendable (GlobalStateType) -> PartMiddleware.StateType)?

    /// Lifts `middleware` with the three maps, as the `lift` methods of ``MiddlewareProtocol`` do.
    @preconcurrency
    package init(
        middleware: PartMiddleware,
        inputActionMap: @escaping @Sendable (GlobalInputActionType) -> PartMiddleware.InputActionType?,
        outputActionMap: @escaping @Sendable (PartMiddleware.OutputActionType) -> GlobalOutputActionType,
        stateMap: @escaping @Sendable (GlobalStateType) -> PartMiddleware.StateType
    ) {
        self.init(
            middleware: middleware,
            inputActionMap: inputActionMap,
            outputActionMap: outputActionMap,
            stateLift: { getState in { stateMap(getState()) } },
            stateMap: stateMap
        )
    }

    @usableFromInline
    init(
        middleware: PartMiddleware,
        inputActionMap: @escaping @Sendable (GlobalInputActionType) -> PartMiddleware.InputActionType?,
        outputActionMap: @escaping @Sendable (PartMiddleware.OutputActionType) -> GlobalOutputActionType,
        stateLift: @escaping @Sendable (@escaping GetState<GlobalStateType>) -> GetState<PartMiddleware.StateType>,
        stateMap: (@Sendable (GlobalStateType) -> PartMiddleware.StateType)?
    ) {
        self.middleware = middleware
        self.inputActionMap = inputActionMap
        self.outputActionMap = outputActionMap
        self.stateLift = stateLift
        self.stateMap = stateMap
    }

    /// Forwards the deprecated setup call with a lifted `getState` and `output`.
    public func receiveContext(
        getState: @escaping GetState<GlobalStateType>,
        output: AnyActionHandler<GlobalOutputActionType>
    ) {
        middleware.receiveContext(getState: stateLift(getState), output: output.contramap(outputActionMap))
    }

    /// Maps the action and, when it maps, lets the wrapped middleware handle it; its IO's actions are mapped back.
    @inlinable @inline(__always)
    public func handle(
        action: GlobalInputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<GlobalStateType>
    ) -> IO<GlobalOutputActionType> {
        guard let localAction = inputActionMap(action) else { return .pure() }
        return middleware.handle(action: localAction, from: dispatcher, state: stateLift(state)).map(outputActionMap)
    }
}

extension LiftMiddleware: Sendable where PartMiddleware: Sendable {}

extension LiftMiddleware: FilteringMiddleware {
    /// This lift with its state map applied to `state` once: the part gets the same lifted getter at every action.
    /// A part that is itself a lift, erased or not, is bound to that getter in turn, so a lift of a lift makes no
    /// getter per action at any level.
    @inlinable
    func bound(toState state: @escaping GetState<GlobalStateType>) -> Self {
        let lifted = stateLift(state)
        var part = middleware
        if let lift = middleware as? any StateBindingMiddleware, let bound = Self.bind(lift, to: lifted) {
            part = bound
        }
        return LiftMiddleware(
            middleware: part,
            inputActionMap: inputActionMap,
            outputActionMap: outputActionMap,
            stateLift: { _ in lifted },
            stateMap: stateMap
        )
    }

    /// `part`, this lift's part seen as a lift, bound to `state`; `nil` if the types do not line up, which they do
    /// whenever `part` is this lift's part.
    @inlinable
    static func bind<Part: StateBindingMiddleware>(
        _ part: Part,
        to state: @escaping GetState<PartMiddleware.StateType>
    ) -> PartMiddleware? {
        guard let state = state as? GetState<Part.StateType> else { return nil }
        return part.binding(toState: state) as? PartMiddleware
    }

    /// The rest of `handle`, for an action that `inputActionMap` mapped to `localAction`. Never inlined, so that the
    /// leaf or node that calls it keeps little in registers across the map's call.
    @inlinable @inline(never)
    func handle(
        mapped localAction: PartMiddleware.InputActionType,
        from dispatcher: ActionSource,
        call: inout ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>.HandleCall
    ) {
        let io = middleware.handle(action: localAction, from: dispatcher, state: stateLift(call.state))
            .map(outputActionMap)
        if !io.isPure {
            call.io = io <> call.io
        }
    }
}

/// A middleware that a lift above it can bind to the lift's state getter (see `FilteringMiddleware.bound(toState:)`):
/// a lift, or an erased lift.
@usableFromInline
protocol StateBindingMiddleware: MiddlewareProtocol {
    /// This middleware bound to `state`, the only getter it may then be called with; `nil` when there is nothing to
    /// bind.
    func binding(toState state: @escaping GetState<StateType>) -> Self?
}

extension LiftMiddleware: StateBindingMiddleware {
    @inlinable
    func binding(toState state: @escaping GetState<GlobalStateType>) -> Self? {
        bound(toState: state)
    }
}

extension AnyMiddleware: StateBindingMiddleware {
    /// The erased lift bound to `state`, erased again; `nil` when this middleware is not a lift.
    @inlinable
    func binding(toState state: @escaping GetState<StateType>) -> AnyMiddleware? {
        leaf.group?.bind?(state)
    }
}
