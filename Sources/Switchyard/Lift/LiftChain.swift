/// How an erased lift is lifted again without nesting: the chain of maps from the outermost types down to the
/// middleware that was lifted first, kept flat.
///
/// Lifting an erased middleware wraps it; lifting the result again would wrap the wrapper, and an action handled at
/// the bottom of a chain of n lifts would cross n nested calls (about 400 bytes of stack each). An erased lift keeps
/// this description of itself instead, so that lifting it again builds one lift of the first middleware: the new
/// maps are typed at the top, where they filter actions at the cost of one call, and the maps below run in a loop.
/// A chain of any length then takes the same stack.
@usableFromInline
protocol Relifting<InputActionType, OutputActionType, StateType>: AnyObject, Sendable {
    associatedtype InputActionType
    associatedtype OutputActionType
    associatedtype StateType

    /// The erased middleware lifted once more, with a state map.
    func lifted<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>

    /// The erased middleware lifted once more, with the state passed through.
    func lifted<GlobalInputActionType, GlobalOutputActionType>(
        inputAction: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType>
}

/// A middleware of base types `BaseInput`, `BaseOutput`, `BaseState` lifted through a chain of maps to `Input`,
/// `Output`, `State`. It is also the middleware that runs the chain: `handle` maps the action down the chain in a
/// loop, and maps back what the base middleware dispatches in a loop too. A class, so that an erased middleware
/// holds it in one reference.
///
/// The maps between the levels are stored with their types erased (`Any`): a chain has a type per level, which one
/// generic type cannot name. The casts back to a level's type cannot fail: each map is stored next to the maps of
/// the adjacent levels, whose types it was built with.
final class LiftChain<Input, Output, State, BaseInput, BaseOutput, BaseState>: MiddlewareProtocol, Relifting {
    typealias InputActionType = Input
    typealias OutputActionType = Output
    typealias StateType = State

    typealias InputStep = @Sendable (Any) -> Any?
    typealias OutputStep = @Sendable (Any) -> Any
    typealias StateStep = @Sendable (Any) -> Any

    /// The middleware lifted first.
    let base: AnyMiddleware<BaseInput, BaseOutput, BaseState>
    /// From `Input` down to `BaseInput`, outermost first; `nil` stops the action.
    let inputSteps: FlatList<InputStep>
    /// From `BaseOutput` up to `Output`, innermost first.
    let outputSteps: FlatList<OutputStep>
    /// From `State` down to `BaseState`, outermost first; `nil` when no level maps the state.
    let stateSteps: FlatList<StateStep>?

    /// The chain of one lift of `base`.
    init(
        base: AnyMiddleware<BaseInput, BaseOutput, BaseState>,
        inputAction: @escaping @Sendable (Input) -> BaseInput?,
        outputAction: @escaping @Sendable (BaseOutput) -> Output,
        state: (@Sendable (State) -> BaseState)?
    ) {
        self.base = base
        self.inputSteps = FlatList(Self.inputStep(inputAction))
        self.outputSteps = FlatList(Self.valueStep(outputAction))
        self.stateSteps = state.map { FlatList(Self.valueStep($0)) }
    }

    private init(
        base: AnyMiddleware<BaseInput, BaseOutput, BaseState>,
        inputSteps: FlatList<InputStep>,
        outputSteps: FlatList<OutputStep>,
        stateSteps: FlatList<StateStep>?
    ) {
        self.base = base
        self.inputSteps = inputSteps
        self.outputSteps = outputSteps
        self.stateSteps = stateSteps
    }

    // MARK: Handling, in loops

    func receiveContext(getState: @escaping GetState<State>, output: AnyActionHandler<Output>) {
        base.receiveContext(getState: baseState(getState), output: output.contramap(mapOutput))
    }

    func handle(action: Input, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Output> {
        var value: Any = action
        let mapped = inputSteps.withElements { steps in
            for step in steps {
                guard let next = step(value) else { return false }
                value = next
            }
            return true
        }
        guard mapped else { return .pure() }
        let io = base.handle(action: unbox(value, as: BaseInput.self), from: dispatcher, state: baseState(state))
        guard !io.isPure else { return .pure() }
        return io.map(mapOutput)
    }

    /// `getState` mapped down to the base state.
    private func baseState(_ getState: @escaping GetState<State>) -> GetState<BaseState> {
        guard let stateSteps else {
            // No level maps the state: it is the base state.
            return { unbox(getState(), as: BaseState.self) }
        }
        return {
            var value: Any = getState()
            stateSteps.withElements { steps in
                for step in steps { value = step(value) }
            }
            return unbox(value, as: BaseState.self)
        }
    }

    /// An action of the base middleware mapped up to `Output`.
    private func mapOutput(_ action: BaseOutput) -> Output {
        var value: Any = action
        outputSteps.withElements { steps in
            for step in steps { value = step(value) }
        }
        return unbox(value, as: Output.self)
    }

    // MARK: Lifting again

    func lifted<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction: @escaping @Sendable (GlobalInputActionType) -> Input?,
        outputAction: @escaping @Sendable (Output) -> GlobalOutputActionType,
        state: @escaping @Sendable (GlobalStateType) -> State
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        let top = LiftMiddleware(
            middleware: self,
            inputActionMap: inputAction,
            outputActionMap: outputAction,
            stateMap: state
        )
        return AnyMiddleware(
            top,
            relift: LiftChain<
                GlobalInputActionType, GlobalOutputActionType, GlobalStateType, BaseInput, BaseOutput, BaseState
            >(
                base: base,
                inputSteps: inputSteps.prepending(Self.inputStep(inputAction)),
                outputSteps: outputSteps.appending(Self.valueStep(outputAction)),
                stateSteps: stateSteps?.prepending(Self.valueStep(state)) ?? FlatList(Self.valueStep(state))
            )
        )
    }

    func lifted<GlobalInputActionType, GlobalOutputActionType>(
        inputAction: @escaping @Sendable (GlobalInputActionType) -> Input?,
        outputAction: @escaping @Sendable (Output) -> GlobalOutputActionType
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, State> {
        let top = LiftMiddleware(
            middleware: self,
            inputActionMap: inputAction,
            outputActionMap: outputAction,
            stateLift: { $0 }
        )
        return AnyMiddleware(
            top,
            relift: LiftChain<GlobalInputActionType, GlobalOutputActionType, State, BaseInput, BaseOutput, BaseState>(
                base: base,
                inputSteps: inputSteps.prepending(Self.inputStep(inputAction)),
                outputSteps: outputSteps.appending(Self.valueStep(outputAction)),
                stateSteps: stateSteps
            )
        )
    }

    // MARK: Erasing the maps

    private static func inputStep<From, To>(_ map: @escaping @Sendable (From) -> To?) -> InputStep {
        { value in
            guard let mapped = map(unbox(value, as: From.self)) else { return nil }
            return mapped
        }
    }

    private static func valueStep<From, To>(_ map: @escaping @Sendable (From) -> To) -> OutputStep {
        { value in map(unbox(value, as: From.self)) }
    }
}

extension AnyMiddleware {
    /// This erased middleware, wrapped in `top` and erased again, with the chain that lifts it again flat.
    init<Top: MiddlewareProtocol & Sendable>(
        _ top: Top,
        relift: some Relifting<InputActionType, OutputActionType, StateType>
    )
    where Top.InputActionType == InputActionType, Top.OutputActionType == OutputActionType, Top.StateType == StateType {
        self.init(top)
        self.relift = relift
    }

    /// This erased middleware lifted once: typed at the top, and flat when lifted again.
    func liftedOnce<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        if let relift {
            return relift.lifted(inputAction: inputAction, outputAction: outputAction, state: state)
        }
        return AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
            LiftMiddleware(
                middleware: self, inputActionMap: inputAction, outputActionMap: outputAction, stateMap: state),
            relift: LiftChain(base: self, inputAction: inputAction, outputAction: outputAction, state: state)
        )
    }

    /// ``liftedOnce(inputAction:outputAction:state:)`` with the state passed through.
    func liftedOnce<GlobalInputActionType, GlobalOutputActionType>(
        inputAction: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType> {
        if let relift {
            return relift.lifted(inputAction: inputAction, outputAction: outputAction)
        }
        return AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType>(
            LiftMiddleware(
                middleware: self, inputActionMap: inputAction, outputActionMap: outputAction, stateLift: { $0 }),
            relift: LiftChain(base: self, inputAction: inputAction, outputAction: outputAction, state: nil)
        )
    }
}
