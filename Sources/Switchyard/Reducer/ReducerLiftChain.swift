/// How a reducer lifted with key paths is lifted again without nesting: the chain of action maps down to the reducer
/// lifted first, and one key path from the outermost state to its state.
///
/// Lifting a reducer wraps it; lifting the result again would wrap the wrapper, and a chain of n lifts would reduce
/// through n nested calls (about 170 bytes of stack each). A lifted reducer keeps this description of itself instead,
/// so that lifting it again can build one lift over the chain: the new action map is typed at the top, where it
/// filters actions at the cost of one call, the maps below run in a loop, and the key paths are joined into one.
/// Up to ``Reducer/maximumNestedLifts`` levels, lifts nest instead, which is faster: the chain is used past that
/// depth only.
@usableFromInline
protocol ReducerRelifting<Action, State>: AnyObject, Sendable {
    associatedtype Action
    associatedtype State

    /// Reduces `action` on `state` through the chain, in a loop.
    func reduce(_ action: Action, _ state: inout State)

    /// The number of lifts in the chain.
    var depth: Int { get }

    /// The chain with one more lift on top: its action map, erased (`nil` for a lift of the state only), and its key
    /// path.
    func appending<GlobalActionType, GlobalStateType>(
        actionStep: LiftStep.Input?,
        path: WritableKeyPath<GlobalStateType, State> & Sendable,
        to: (GlobalActionType, GlobalStateType).Type
    ) -> any ReducerRelifting<GlobalActionType, GlobalStateType>
}

/// A reducer of `BaseAction` and `BaseState` lifted through a chain of action maps and key paths to `Action` and
/// `State`. A class, so that the lifted reducer's closure calls it without looking up its generic type.
///
/// The action maps between the levels are stored with their types erased (`Any`): a chain has a type per level,
/// which one generic type cannot name. The casts back to a level's type cannot fail: each map is stored next to the
/// maps of the adjacent levels, whose types it was built with.
final class ReducerLiftChain<Action, State, BaseAction, BaseState>: ReducerRelifting {
    typealias Action = Action
    typealias State = State

    /// The reducer lifted first.
    let base: @Sendable (BaseAction, inout BaseState) -> Void
    /// From `Action` down to `BaseAction`, outermost first; `nil` when no level maps the action.
    let actionSteps: FlatList<LiftStep.Input>?
    /// `base`, typed for `Action`, when no level maps the action (`Action` is `BaseAction`).
    let unmappedBase: (@Sendable (Action, inout BaseState) -> Void)?
    /// From `State` to `BaseState`: the key paths of every level, joined.
    let path: JoinedKeyPath<State, BaseState>

    /// The chain of one lift of `base`; `actionStep` is `nil` for a lift of the state only.
    @usableFromInline
    convenience init(
        base: @escaping @Sendable (BaseAction, inout BaseState) -> Void,
        actionStep: LiftStep.Input?,
        path: WritableKeyPath<State, BaseState> & Sendable
    ) {
        self.init(base: base, actionSteps: actionStep.map { FlatList($0) }, path: JoinedKeyPath(path), depth: 1)
    }

    private init(
        base: @escaping @Sendable (BaseAction, inout BaseState) -> Void,
        actionSteps: FlatList<LiftStep.Input>?,
        path: JoinedKeyPath<State, BaseState>,
        depth: Int
    ) {
        self.base = base
        self.actionSteps = actionSteps
        // With no action map, `Action` and `BaseAction` are the same type.
        self.unmappedBase = actionSteps == nil ? base as? @Sendable (Action, inout BaseState) -> Void : nil
        self.path = path
        self.depth = depth
    }

    /// The number of lifts in the chain: one path per lift is joined into ``path``.
    let depth: Int

    /// Reduces `action` on `state` through the chain, in a loop.
    func reduce(_ action: Action, _ state: inout State) {
        if let unmappedBase {
            unmappedBase(action, &state[keyPath: path.path])
            return
        }
        var value: Any = action
        if let actionSteps {
            let mapped = actionSteps.withElements { steps in
                for step in steps {
                    guard let next = step(value) else { return false }
                    value = next
                }
                return true
            }
            guard mapped else { return }
        }
        base(unbox(value, as: BaseAction.self), &state[keyPath: path.path])
    }

    func appending<GlobalActionType, GlobalStateType>(
        actionStep: LiftStep.Input?,
        path: WritableKeyPath<GlobalStateType, State> & Sendable,
        to: (GlobalActionType, GlobalStateType).Type
    ) -> any ReducerRelifting<GlobalActionType, GlobalStateType> {
        ReducerLiftChain<GlobalActionType, GlobalStateType, BaseAction, BaseState>(
            base: base,
            actionSteps: .prepending(actionStep, to: actionSteps),
            path: self.path.prepending(path),
            depth: depth + 1
        )
    }
}

/// A writable key path joined from `Sendable` key paths. `@unchecked Sendable` because joining returns a key path
/// that the compiler does not know to be `Sendable`, though it is made of the `Sendable` parts only, and key paths
/// are immutable.
struct JoinedKeyPath<Root, Value>: @unchecked Sendable {
    let path: WritableKeyPath<Root, Value>

    init(_ path: WritableKeyPath<Root, Value> & Sendable) {
        self.path = path
    }

    private init(joined path: WritableKeyPath<Root, Value>) {
        self.path = path
    }

    /// `outer` followed by this path.
    func prepending<OuterRoot>(_ outer: WritableKeyPath<OuterRoot, Root> & Sendable) -> JoinedKeyPath<OuterRoot, Value>
    {
        let outer: WritableKeyPath<OuterRoot, Root> = outer
        return JoinedKeyPath<OuterRoot, Value>(joined: outer.appending(path: path))
    }
}
