// How a lift is erased in the shape of what it lifts: `AnyMiddleware.init(_:)` asks, once, when it erases a lift.
// A lifted identity is an identity, a lifted composition is the composition of its middlewares lifted, and a lift of
// an erased lift extends that lift's chain (see `Relifting`). `lift` itself is declared once, on
// `MiddlewareProtocol`: these shapes are what its result becomes when it is erased.

/// A middleware that ``AnyMiddleware/init(_:)`` may erase as another middleware that behaves the same: a lift, whose
/// part decides.
@usableFromInline
protocol ShapedErasure<InputActionType, OutputActionType, StateType>: MiddlewareProtocol {
    associatedtype InputActionType
    associatedtype OutputActionType
    associatedtype StateType

    /// This middleware erased in the shape of what it lifts, or `nil` when it is erased as it is.
    func erasedInShape() -> AnyMiddleware<InputActionType, OutputActionType, StateType>?
}

extension LiftMiddleware: ShapedErasure {
    /// The erased identity of the global types for a lift of an identity; the composition of each middleware lifted,
    /// erased, for a lift of a composition (erased or not) and for a lift of a lift that erases to one of these; for
    /// a lift of another erased middleware, this lift over it with the chain that lifts it again flat. `nil` for a
    /// lift of any other middleware.
    ///
    /// Inlinable, so that in `AnyMiddleware.init(_:)`, where the lift's type is known, the casts are decided by the
    /// compiler and the chain's erased maps are specialized for the app's types.
    @inlinable
    func erasedInShape() -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>? {
        if middleware is PartIdentity {
            return AnyMiddleware(IdentityMiddleware())
        }
        if let composition = middleware as? PartComposition {
            return erasedOverEach(of: composition)
        }
        if let part = middleware as? PartErased {
            return erased(over: part)
        }
        // A lift of a lift of an identity or of a composition: the inner lift erases to one, and so does this one.
        if let lift = middleware as? any PartShaped,
            let composition = lift.erasedInShape()?.composition?.middleware
        {
            return erasedOverEach(of: composition)
        }
        return nil
    }

    /// The identity of the part's types.
    @usableFromInline
    typealias PartIdentity = IdentityMiddleware<
        PartMiddleware.InputActionType, PartMiddleware.OutputActionType, PartMiddleware.StateType
    >
    /// A composition of the part's types.
    @usableFromInline
    typealias PartComposition = ComposedMiddleware<
        PartMiddleware.InputActionType, PartMiddleware.OutputActionType, PartMiddleware.StateType
    >
    /// An erased middleware of the part's types.
    @usableFromInline
    typealias PartErased = AnyMiddleware<
        PartMiddleware.InputActionType, PartMiddleware.OutputActionType, PartMiddleware.StateType
    >
    /// A middleware of the part's types erased in a shape of its own.
    @usableFromInline
    typealias PartShaped = ShapedErasure<
        PartMiddleware.InputActionType, PartMiddleware.OutputActionType, PartMiddleware.StateType
    >

    /// This lift's maps over `part` instead of its own part.
    @inlinable
    func lifting<Part: MiddlewareProtocol>(
        _ part: Part
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Part>
    where
        Part.InputActionType == PartMiddleware.InputActionType,
        Part.OutputActionType == PartMiddleware.OutputActionType,
        Part.StateType == PartMiddleware.StateType
    {
        LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Part>(
            middleware: part,
            inputActionMap: inputActionMap,
            outputActionMap: outputActionMap,
            stateLift: stateLift,
            stateMap: stateMap
        )
    }

    /// This lift's maps over `part`, erased: an erased composition (or identity) is lifted middleware by middleware;
    /// any other erased middleware is wrapped, typed, while it is a lift of fewer than
    /// ``AnyMiddleware/maximumNestedLifts`` levels, and its flat chain past that.
    @inlinable
    func erased(over part: PartErased) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>
    {
        if let composition = part.composition?.middleware {
            return erasedOverEach(of: composition)
        }
        return AnyMiddleware(
            lifting(part.liftBelow),
            relift: part.chained(
                inputStep: LiftStep.input(inputActionMap),
                outputStep: LiftStep.value(outputActionMap),
                stateStep: stateMap.map { LiftStep.value($0) },
                to: (GlobalInputActionType, GlobalOutputActionType, GlobalStateType).self
            )
        )
    }

    /// The composition of this lift's maps over each middleware of `composition`, in order, erased: empty (an
    /// identity) for an empty composition.
    @inlinable
    func erasedOverEach(
        of composition: PartComposition
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        var lifted = ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>()
        for middleware in composition.members {
            lifted.append(middleware: erased(over: middleware))
        }
        return AnyMiddleware(lifted)
    }
}
