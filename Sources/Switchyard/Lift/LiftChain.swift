/// How an erased lift is lifted again without nesting: the chain of maps from the outermost types down to the
/// middleware that was lifted first, kept flat.
///
/// Lifting an erased middleware wraps it; lifting the result again would wrap the wrapper, and an action handled at
/// the bottom of a chain of n lifts would cross n nested calls (about 400 bytes of stack each). An erased lift keeps
/// this description of itself instead, so that erasing a lift of it can build one lift over the chain: the new maps are
/// typed at the top, where they filter actions at the cost of one call, and the maps below run in a loop. A chain of
/// any length then takes the same stack. Up to ``AnyMiddleware/maximumNestedLifts`` levels, lifts nest instead,
/// which is faster: the chain is used past that depth only.
@usableFromInline
protocol Relifting<InputActionType, OutputActionType, StateType>: AnyObject, Sendable {
    associatedtype InputActionType
    associatedtype OutputActionType
    associatedtype StateType

    /// The chain as one erased middleware, whose `handle` maps an action down the chain in a loop.
    var middleware: AnyMiddleware<InputActionType, OutputActionType, StateType> { get }

    /// The number of lifts in the chain.
    var depth: Int { get }

    /// The chain with one more lift on top, given as its maps erased by ``LiftStep`` (`stateStep` is `nil` for a lift
    /// that passes the state through) and the types of the new top level.
    func appending<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputStep: @escaping LiftStep.Input,
        outputStep: @escaping LiftStep.Value,
        stateStep: LiftStep.Value?,
        to: (GlobalInputActionType, GlobalOutputActionType, GlobalStateType).Type
    ) -> any Relifting<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>
}

/// The maps of a lift, with their types erased, so that a chain of lifts of different types can run them in a loop.
/// Built where the lift is written, so that they are specialized for the app's types.
@usableFromInline
enum LiftStep {
    /// An input map: `nil` stops the action.
    @usableFromInline typealias Input = @Sendable (Any) -> Any?
    /// An output or a state map.
    @usableFromInline typealias Value = @Sendable (Any) -> Any

    /// `map`, erased.
    @inlinable
    static func input<From, To>(_ map: @escaping @Sendable (From) -> To?) -> Input {
        { value in
            guard let mapped = map(unbox(value, as: From.self)) else { return nil }
            return mapped
        }
    }

    /// `map`, erased.
    @inlinable
    static func value<From, To>(_ map: @escaping @Sendable (From) -> To) -> Value {
        { value in map(unbox(value, as: From.self)) }
    }
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

    /// The middleware lifted first.
    let base: AnyMiddleware<BaseInput, BaseOutput, BaseState>
    /// `base`'s `handle`, kept apart so that calling it needs nothing of `base`'s generic type.
    let baseHandle: @Sendable (BaseInput, ActionSource, @escaping GetState<BaseState>) -> IO<BaseOutput>
    /// From `Input` down to `BaseInput`, outermost first; `nil` stops the action.
    let inputSteps: FlatList<LiftStep.Input>
    /// From `BaseOutput` up to `Output`, innermost first.
    let outputSteps: FlatList<LiftStep.Value>
    /// From `State` down to `BaseState`, outermost first; `nil` when no level maps the state.
    let stateSteps: FlatList<LiftStep.Value>?

    /// The chain of one lift of `base`; `stateStep` is `nil` when the lift passes the state through.
    @usableFromInline
    convenience init(
        base: AnyMiddleware<BaseInput, BaseOutput, BaseState>,
        inputStep: @escaping LiftStep.Input,
        outputStep: @escaping LiftStep.Value,
        stateStep: LiftStep.Value?
    ) {
        self.init(
            base: base,
            inputSteps: FlatList(inputStep),
            outputSteps: FlatList(outputStep),
            stateSteps: stateStep.map { FlatList($0) }
        )
    }

    private init(
        base: AnyMiddleware<BaseInput, BaseOutput, BaseState>,
        inputSteps: FlatList<LiftStep.Input>,
        outputSteps: FlatList<LiftStep.Value>,
        stateSteps: FlatList<LiftStep.Value>?
    ) {
        self.base = base
        self.baseHandle = base.handler
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
        let io = baseHandle(unbox(value, as: BaseInput.self), dispatcher, baseState(state))
        guard !io.isPure else { return .pure() }
        return io.map(mapOutput)
    }

    /// `getState` mapped down to the base state.
    private func baseState(_ getState: @escaping GetState<State>) -> GetState<BaseState> {
        guard let stateSteps else {
            // No level maps the state: it is the base state, and `getState` serves as it is.
            return sameType(getState, as: GetState<BaseState>.self)
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

    var middleware: AnyMiddleware<Input, Output, State> { AnyMiddleware(self) }

    var depth: Int { inputSteps.count }

    func appending<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputStep: @escaping LiftStep.Input,
        outputStep: @escaping LiftStep.Value,
        stateStep: LiftStep.Value?,
        to: (GlobalInputActionType, GlobalOutputActionType, GlobalStateType).Type
    ) -> any Relifting<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        LiftChain<
            GlobalInputActionType, GlobalOutputActionType, GlobalStateType, BaseInput, BaseOutput, BaseState
        >(
            base: base,
            inputSteps: inputSteps.prepending(inputStep),
            outputSteps: outputSteps.appending(outputStep),
            stateSteps: .prepending(stateStep, to: stateSteps)
        )
    }
}

extension AnyMiddleware {
    /// `top`, erased, with the chain that lifts it again flat.
    @inlinable
    init<Top: MiddlewareProtocol & Sendable>(
        _ top: Top,
        relift: any Relifting<InputActionType, OutputActionType, StateType>
    )
    where Top.InputActionType == InputActionType, Top.OutputActionType == OutputActionType, Top.StateType == StateType {
        self.init(erasing: top)
        self.relift = relift
    }

    /// What a lift of this erased middleware wraps: the middleware itself, typed and specialized, while it is a lift
    /// of fewer than ``maximumNestedLifts`` levels (or no lift); past that, its chain, flat, whose `handle` runs the
    /// maps of every level in a loop. Stack use is then bounded by that many nested lifts, however deep the chain.
    @inlinable
    var liftBelow: AnyMiddleware {
        guard let relift, relift.depth >= Self.maximumNestedLifts else { return self }
        return relift.middleware
    }

    /// The most erased lifts that nest, each calling the one below it with its types known; deeper lifts run over
    /// a flat chain. Nested lifts are faster (a chain's loop calls erased maps, with the values in `Any`), and eight
    /// of them take about 3 KiB of stack.
    @inlinable
    static var maximumNestedLifts: Int { 8 }

    /// The chain of this middleware with one more lift: this middleware's chain extended, or, when it is not a lift,
    /// the chain of one lift of it.
    @usableFromInline
    func chained<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputStep: @escaping LiftStep.Input,
        outputStep: @escaping LiftStep.Value,
        stateStep: LiftStep.Value?,
        to levels: (GlobalInputActionType, GlobalOutputActionType, GlobalStateType).Type
    ) -> any Relifting<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        if let relift {
            return relift.appending(inputStep: inputStep, outputStep: outputStep, stateStep: stateStep, to: levels)
        }
        return LiftChain<
            GlobalInputActionType, GlobalOutputActionType, GlobalStateType,
            InputActionType, OutputActionType, StateType
        >(base: self, inputStep: inputStep, outputStep: outputStep, stateStep: stateStep)
    }
}
