// Unsafe code of this file, and the invariant it relies on: `FilteringMember` is `@unchecked Sendable`, though the
// middleware it holds has a type not known to be `Sendable`. It is built by `filteringLeaf(_:isBound:)` only, which
// has two callers (the middleware it holds, built there too, is the one given or the bound form of it):
// - `ComposedMiddleware.leaf(_:)`, which passes the middleware it was given, whose type is `Sendable`: a lift of a
//   `Sendable` part. The lift's type is `Sendable` only when its part's is, a condition that a protocol conformance
//   cannot carry, so the leaf takes it from the caller.
// - the leaf's own binder, which passes `bound(toState:)` of that middleware: the same maps, its part bound in turn
//   the same way (or erased, which is `Sendable`), and a `@Sendable` state map, so `Sendable` whenever the
//   middleware it came from is.

/// A middleware that maps each action first and handles only the actions it maps: a lift. In an app of many
/// parts, each lifted to the app's action, most actions reach most lifts only to be mapped to `nil`.
///
/// Its metatype is `Sendable`, so that a leaf can call it from any thread; so is the middleware itself wherever
/// a composition holds it (a composition's middlewares are `Sendable`), though its type, generic over the part,
/// cannot say so.
@usableFromInline
protocol FilteringMiddleware: MiddlewareProtocol, SendableMetatype {
    /// The action that the middleware handles.
    associatedtype MappedAction
    /// The action that the middleware handles, or `nil` for an action it ignores.
    var inputActionMap: @Sendable (InputActionType) -> MappedAction? { get }
    /// This middleware as it runs in one store, whose state getter is `state`: it gives its part the lifted getter
    /// that it makes once here, instead of one per action. What it returns must then be called with `state` only.
    func bound(toState state: @escaping GetState<StateType>) -> Self
    /// Handles `mappedAction`, the image of `call.action` through ``inputActionMap``, and puts the IO before
    /// `call.io`.
    func handle(
        mapped mappedAction: MappedAction,
        from dispatcher: ActionSource,
        call: inout ComposedMiddleware<InputActionType, OutputActionType, StateType>.HandleCall
    )
}

/// The leaf of a fused composition for `middleware`: for an action that `inputActionMap` maps to `nil`, one call
/// to the map and a return. The rest of `handle` runs out of line, so that the leaf keeps little in registers
/// across the map's call. The leaf also carries what a node needs to call the map itself, when eight lifts of
/// this type follow one another in the composition (see `ComposedMiddleware.FusedGroup`).
///
/// Called by `ComposedMiddleware.leaf(_:)` and by its own binder only, whose middlewares are `Sendable` (see the top
/// of this file).
///
/// With `isBound`, the leaf is for a middleware already bound to a store's state getter (see
/// `FilteringMiddleware.bound(toState:)`), which cannot be bound again.
@inlinable
func filteringLeaf<M: FilteringMiddleware>(_ middleware: M, isBound: Bool = false) -> Any {
    typealias Composition = ComposedMiddleware<M.InputActionType, M.OutputActionType, M.StateType>
    let member = FilteringMember(middleware)
    var bind: Composition.FusedGroup.Binder?
    if !isBound {
        bind = { @Sendable state in
            let bound = FilteringMember(member.middleware.bound(toState: state))
            return AnyMiddleware(
                bound: { action, dispatcher, state in
                    bound.middleware.handle(action: action, from: dispatcher, state: state)
                },
                leaf: filteringLeaf(bound.middleware, isBound: true) as! Composition.FusedHandler
            )
        }
    }
    return Composition.FusedHandler(
        { dispatcher, call in
            guard let mappedAction = member.map(call.action) else { return }
            member.middleware.handle(mapped: mappedAction, from: dispatcher, call: &call)
        },
        group: Composition.FusedGroup(
            type: ObjectIdentifier(M.self),
            member: member,
            node: filteringNode(M.self),
            bind: bind
        )
    )
}

/// The builder of a node for eight lifts of type `M` (see `ComposedMiddleware.FusedGroup`): the node calls each
/// lift's input map from a call site of its own, and the rest of `handle` for the ones that map the action.
@inlinable
func filteringNode<M: FilteringMiddleware>(
    _ type: M.Type
) -> ComposedMiddleware<M.InputActionType, M.OutputActionType, M.StateType>.FusedGroup.NodeBuilder {
    { members in
        let m = members.map { $0 as! FilteringMember<M> }
        precondition(m.count == 8, "a node of lifts has 8 members")
        let (m0, m1, m2, m3, m4, m5, m6, m7) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7])
        return { dispatcher, call in
            if let mapped = m0.map(call.action) {
                m0.middleware.handle(mapped: mapped, from: dispatcher, call: &call)
            }
            if let mapped = m1.map(call.action) {
                m1.middleware.handle(mapped: mapped, from: dispatcher, call: &call)
            }
            if let mapped = m2.map(call.action) {
                m2.middleware.handle(mapped: mapped, from: dispatcher, call: &call)
            }
            if let mapped = m3.map(call.action) {
                m3.middleware.handle(mapped: mapped, from: dispatcher, call: &call)
            }
            if let mapped = m4.map(call.action) {
                m4.middleware.handle(mapped: mapped, from: dispatcher, call: &call)
            }
            if let mapped = m5.map(call.action) {
                m5.middleware.handle(mapped: mapped, from: dispatcher, call: &call)
            }
            if let mapped = m6.map(call.action) {
                m6.middleware.handle(mapped: mapped, from: dispatcher, call: &call)
            }
            if let mapped = m7.map(call.action) {
                m7.middleware.handle(mapped: mapped, from: dispatcher, call: &call)
            }
        }
    }
}

/// A lift and its input map, captured by its leaf or by a node of lifts. `@unchecked Sendable`: see the top of
/// this file.
@usableFromInline
final class FilteringMember<M: FilteringMiddleware>: @unchecked Sendable {
    /// The lift's input map, stored apart from the lift: read through the lift, it is copied (retained and released)
    /// at each call, which nearly doubled W3's instructions.
    @usableFromInline let map: @Sendable (M.InputActionType) -> M.MappedAction?
    @usableFromInline let middleware: M

    @inlinable
    init(_ middleware: M) {
        self.map = middleware.inputActionMap
        self.middleware = middleware
    }
}
