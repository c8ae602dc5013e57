// Unsafe code of this file, and the invariant it relies on: `filteringLeaf(_:)` captures a middleware whose type
// is not known to be `Sendable` in a `@Sendable` closure (`nonisolated(unsafe)`). Its only caller,
// `ComposedMiddleware.leaf(_:)`, passes the middleware it was given, whose type is `Sendable`: a lift of a `Sendable`
// part. The lift's type is `Sendable` only when its part's is, a condition that a protocol conformance cannot carry,
// so the leaf takes it from the caller.

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
    /// Handles `mappedAction`, the image of `call.action` through ``inputActionMap``, and puts the IO before
    /// `call.io`.
    func handle(
        mapped mappedAction: MappedAction,
        call: inout ComposedMiddleware<InputActionType, OutputActionType, StateType>.HandleCall
    )
}

/// The leaf of a fused composition for `middleware`: for an action that `inputActionMap` maps to `nil`, one call
/// to the map and a return. The rest of `handle` runs out of line, so that the leaf keeps little in registers
/// across the map's call.
///
/// Called by `ComposedMiddleware.leaf(_:)` only, whose middleware is `Sendable` (see the top of this file).
@inlinable
func filteringLeaf<M: FilteringMiddleware>(_ middleware: M) -> Any {
    nonisolated(unsafe) let box = ValueBox(middleware)
    let map = middleware.inputActionMap
    return ComposedMiddleware<M.InputActionType, M.OutputActionType, M.StateType>.FusedHandler { call in
        guard let mappedAction = map(call.action) else { return }
        box.value.handle(mapped: mappedAction, call: &call)
    }
}

/// A value in a class, so that a closure captures one reference to it.
@usableFromInline
final class ValueBox<Value> {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
