// SwiftRex 0.8's `lift` of the erased, the composed and the identity middleware, returning the receiver's own kind.
// The core declares `lift` once, on `MiddlewareProtocol`, returning a `LiftMiddleware`; erasing that lift gives the
// same middleware as these (an identity stays an identity, a composition stays a composition of its middlewares
// lifted), which is how they are written.

/// The core's `lift`, which the overloads below would otherwise call in place of it.
@usableFromInline
enum CoreLift {
    /// `middleware.lift(inputAction:outputAction:state:)` of the core.
    @inlinable
    static func lift<M: MiddlewareProtocol, GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        _ middleware: M,
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> M.InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (M.OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> M.StateType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, M> {
        middleware.lift(inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
    }

    /// `middleware.lift(inputAction:outputAction:)` of the core: the state passes through.
    @inlinable
    static func lift<M: MiddlewareProtocol, GlobalInputActionType, GlobalOutputActionType>(
        _ middleware: M,
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> M.InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (M.OutputActionType) -> GlobalOutputActionType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, M.StateType, M> {
        middleware.lift(inputAction: inputActionMap, outputAction: outputActionMap)
    }

    /// The composition that `erased`, a lifted composition erased, stands for: empty for an identity.
    @inlinable
    static func composition<InputActionType, OutputActionType, StateType>(
        _ erased: AnyMiddleware<InputActionType, OutputActionType, StateType>
    ) -> ComposedMiddleware<InputActionType, OutputActionType, StateType> {
        erased.erasedComposition ?? ComposedMiddleware()
    }
}

extension AnyMiddleware {
    /// Lifts the input action, the output action and the state, keeping the middleware erased, as SwiftRex 0.8 does.
    ///
    /// An erased identity stays an identity and an erased composition stays a composition, with each of its
    /// middlewares lifted; with `import Switchyard` alone, `lift` returns a ``LiftMiddleware`` and
    /// `.eraseToAnyMiddleware()` gives this.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        CoreLift.lift(self, inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
            .eraseToAnyMiddleware()
    }

    /// Lifts the input and output actions, keeping the middleware erased, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType> {
        CoreLift.lift(self, inputAction: inputActionMap, outputAction: outputActionMap).eraseToAnyMiddleware()
    }

    /// Lifts the output action and the state, keeping the middleware erased, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> AnyMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    /// Lifts the input action and the state, keeping the middleware erased, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> AnyMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    /// Lifts the input action, keeping the middleware erased, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> AnyMiddleware<GlobalInputActionType, OutputActionType, StateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 })
    }

    /// Lifts the output action, keeping the middleware erased, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> AnyMiddleware<InputActionType, GlobalOutputActionType, StateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap)
    }

    /// Lifts the state, keeping the middleware erased, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> AnyMiddleware<InputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}

extension ComposedMiddleware {
    /// Lifts the input action, the output action and the state of every middleware, as SwiftRex 0.8 does.
    ///
    /// The result is a composition of the same number of middlewares, each lifted.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        CoreLift.composition(
            CoreLift.lift(self, inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
                .eraseToAnyMiddleware()
        )
    }

    /// Lifts the input and output actions of every middleware, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType> {
        CoreLift.composition(
            CoreLift.lift(self, inputAction: inputActionMap, outputAction: outputActionMap).eraseToAnyMiddleware()
        )
    }

    /// Lifts the output action and the state of every middleware, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    /// Lifts the input action and the state of every middleware, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    /// Lifts the input action of every middleware, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> ComposedMiddleware<GlobalInputActionType, OutputActionType, StateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 })
    }

    /// Lifts the output action of every middleware, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> ComposedMiddleware<InputActionType, GlobalOutputActionType, StateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap)
    }

    /// Lifts the state of every middleware, as SwiftRex 0.8 does.
    @inlinable @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<InputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}

extension IdentityMiddleware {
    /// Lifts the input action, the output action and the state of an identity, as SwiftRex 0.8 does: the identity
    /// of the global types.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        IdentityMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>()
    }

    /// Lifts the input and output actions of an identity, as SwiftRex 0.8 does: the identity of the global types.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> IdentityMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType> {
        IdentityMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType>()
    }

    /// Lifts the output action and the state of an identity, as SwiftRex 0.8 does: the identity of the global types.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    /// Lifts the input action and the state of an identity, as SwiftRex 0.8 does: the identity of the global types.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    /// Lifts the input action of an identity, as SwiftRex 0.8 does: the identity of the global types.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> IdentityMiddleware<GlobalInputActionType, OutputActionType, StateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 })
    }

    /// Lifts the output action of an identity, as SwiftRex 0.8 does: the identity of the global types.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> IdentityMiddleware<InputActionType, GlobalOutputActionType, StateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap)
    }

    /// Lifts the state of an identity, as SwiftRex 0.8 does: the identity of the global types.
    @inlinable @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<InputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}
