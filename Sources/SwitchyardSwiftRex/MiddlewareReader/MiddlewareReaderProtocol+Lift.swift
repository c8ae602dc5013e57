// SwiftRex 0.8's label-based `lift` of a reader: the middleware's maps and the dependencies' map as labels, every
// subset of them. New code writes `reader.contramapDependencies(_:)` and `mapMiddleware(_:)` with the
// middleware's own `lift`.

extension MiddlewareReaderProtocol {
    /// Lifts the reader's middleware (the input action, the output action, the state) and the reader to the app's dependencies, as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, GlobalDependencies>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> MiddlewareType.InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> MiddlewareType.StateType,
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies,
        LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).contramapDependencies(dependenciesMap).mapMiddleware {
            $0.lift(inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
        }
    }

    /// Lifts the reader's middleware (the input action, the output action) and the reader to the app's dependencies, as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalDependencies>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> MiddlewareType.InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputActionType,
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies,
        LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, MiddlewareType.StateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).contramapDependencies(dependenciesMap).mapMiddleware {
            $0.lift(inputAction: inputActionMap, outputAction: outputActionMap)
        }
    }

    /// Lifts the reader's middleware (the input action, the state) and the reader to the app's dependencies, as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType, GlobalDependencies>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> MiddlewareType.InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> MiddlewareType.StateType,
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies,
        LiftMiddleware<GlobalInputActionType, MiddlewareType.OutputActionType, GlobalStateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).contramapDependencies(dependenciesMap).mapMiddleware {
            $0.lift(inputAction: inputActionMap, state: stateMap)
        }
    }

    /// Lifts the reader's middleware (the output action, the state) and the reader to the app's dependencies, as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType, GlobalDependencies>(
        outputAction outputActionMap: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> MiddlewareType.StateType,
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies,
        LiftMiddleware<MiddlewareType.InputActionType, GlobalOutputActionType, GlobalStateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).contramapDependencies(dependenciesMap).mapMiddleware {
            $0.lift(outputAction: outputActionMap, state: stateMap)
        }
    }

    /// Lifts the reader's middleware (the input action) and the reader to the app's dependencies, as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalDependencies>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> MiddlewareType.InputActionType?,
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies,
        LiftMiddleware<GlobalInputActionType, MiddlewareType.OutputActionType, MiddlewareType.StateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).contramapDependencies(dependenciesMap).mapMiddleware {
            $0.lift(inputAction: inputActionMap)
        }
    }

    /// Lifts the reader's middleware (the output action) and the reader to the app's dependencies, as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalOutputActionType, GlobalDependencies>(
        outputAction outputActionMap: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputActionType,
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies,
        LiftMiddleware<MiddlewareType.InputActionType, GlobalOutputActionType, MiddlewareType.StateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).contramapDependencies(dependenciesMap).mapMiddleware {
            $0.lift(outputAction: outputActionMap)
        }
    }

    /// Lifts the reader's middleware (the state) and the reader to the app's dependencies, as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalStateType, GlobalDependencies>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> MiddlewareType.StateType,
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies,
        LiftMiddleware<MiddlewareType.InputActionType, MiddlewareType.OutputActionType, GlobalStateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).contramapDependencies(dependenciesMap).mapMiddleware {
            $0.lift(state: stateMap)
        }
    }

    /// Lifts the reader's middleware (the input action, the output action, the state), as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> MiddlewareType.InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> MiddlewareType.StateType
    ) -> MiddlewareReader<
        Dependencies, LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).mapMiddleware {
            $0.lift(inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
        }
    }

    /// Lifts the reader's middleware (the input action, the output action), as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> MiddlewareType.InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputActionType
    ) -> MiddlewareReader<
        Dependencies,
        LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, MiddlewareType.StateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).mapMiddleware {
            $0.lift(inputAction: inputActionMap, outputAction: outputActionMap)
        }
    }

    /// Lifts the reader's middleware (the input action, the state), as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> MiddlewareType.InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> MiddlewareType.StateType
    ) -> MiddlewareReader<
        Dependencies,
        LiftMiddleware<GlobalInputActionType, MiddlewareType.OutputActionType, GlobalStateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).mapMiddleware {
            $0.lift(inputAction: inputActionMap, state: stateMap)
        }
    }

    /// Lifts the reader's middleware (the output action, the state), as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> MiddlewareType.StateType
    ) -> MiddlewareReader<
        Dependencies,
        LiftMiddleware<MiddlewareType.InputActionType, GlobalOutputActionType, GlobalStateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).mapMiddleware {
            $0.lift(outputAction: outputActionMap, state: stateMap)
        }
    }

    /// Lifts the reader's middleware (the input action), as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> MiddlewareType.InputActionType?
    ) -> MiddlewareReader<
        Dependencies,
        LiftMiddleware<GlobalInputActionType, MiddlewareType.OutputActionType, MiddlewareType.StateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).mapMiddleware { $0.lift(inputAction: inputActionMap) }
    }

    /// Lifts the reader's middleware (the output action), as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputActionType
    ) -> MiddlewareReader<
        Dependencies,
        LiftMiddleware<MiddlewareType.InputActionType, GlobalOutputActionType, MiddlewareType.StateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).mapMiddleware { $0.lift(outputAction: outputActionMap) }
    }

    /// Lifts the reader's middleware (the state), as SwiftRex 0.8 spells it.
    @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> MiddlewareType.StateType
    ) -> MiddlewareReader<
        Dependencies,
        LiftMiddleware<MiddlewareType.InputActionType, MiddlewareType.OutputActionType, GlobalStateType, MiddlewareType>
    > {
        MiddlewareReader(inject: inject).mapMiddleware { $0.lift(state: stateMap) }
    }

    /// Lifts the reader to the app's dependencies, as SwiftRex 0.8 spells it; the middleware stays as it is.
    public func lift<GlobalDependencies>(
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, MiddlewareType> {
        MiddlewareReader(inject: inject).contramapDependencies(dependenciesMap)
    }
}
