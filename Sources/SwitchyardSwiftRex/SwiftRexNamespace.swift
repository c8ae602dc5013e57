/// SwiftRex's names, qualified with the module name as SwiftRex code writes them: `SwiftRex.SubscriptionType`,
/// `SwiftRex.AnyMiddleware<A, A, S>`.
///
/// SwiftRex code that names a type through its module (to tell it from one of the app's, or of another library)
/// compiles with `import SwitchyardSwiftRex` in place of `import SwiftRex`: each member is the type of the same name
/// that this product and the core declare, not a new one. Code that does not qualify names never needs it.
public enum SwiftRex {
    // The core's types.

    /// ``Switchyard/ActionHandler``.
    public typealias ActionHandler = Switchyard.ActionHandler
    /// ``Switchyard/ActionSource``.
    public typealias ActionSource = Switchyard.ActionSource
    /// ``Switchyard/AfterReducer``.
    @available(*, deprecated, message: "Return an IO from handle(action:from:state:) instead.")
    public typealias AfterReducer = Switchyard.AfterReducer
    /// ``Switchyard/AnyActionHandler``.
    public typealias AnyActionHandler<ActionType> = Switchyard.AnyActionHandler<ActionType>
    /// ``Switchyard/AnyMiddleware``.
    public typealias AnyMiddleware<InputActionType, OutputActionType, StateType> =
        Switchyard.AnyMiddleware<InputActionType, OutputActionType, StateType>
    /// ``Switchyard/BridgeMiddleware``.
    public typealias BridgeMiddleware<InputActionType, OutputActionType, StateType> =
        Switchyard.BridgeMiddleware<InputActionType, OutputActionType, StateType>
    /// ``Switchyard/ComposedMiddleware``.
    public typealias ComposedMiddleware<InputActionType, OutputActionType, StateType> =
        Switchyard.ComposedMiddleware<InputActionType, OutputActionType, StateType>
    /// ``Switchyard/DispatchedAction``.
    public typealias DispatchedAction<Action> = Switchyard.DispatchedAction<Action>
    /// ``Switchyard/ElementIDAction``.
    public typealias ElementIDAction<ID: Hashable, Action> = Switchyard.ElementIDAction<ID, Action>
    /// ``Switchyard/ElementIndexAction``.
    public typealias ElementIndexAction<Index: Comparable, Action> = Switchyard.ElementIndexAction<Index, Action>
    /// ``Switchyard/GetState``.
    public typealias GetState<StateType> = Switchyard.GetState<StateType>
    /// ``Switchyard/IO``.
    public typealias IO<OutputActionType> = Switchyard.IO<OutputActionType>
    /// ``Switchyard/IdentityMiddleware``.
    public typealias IdentityMiddleware<InputActionType, OutputActionType, StateType> =
        Switchyard.IdentityMiddleware<InputActionType, OutputActionType, StateType>
    /// ``Switchyard/LiftMiddleware``.
    public typealias LiftMiddleware<
        GlobalInputActionType, GlobalOutputActionType, GlobalStateType, PartMiddleware: Switchyard.MiddlewareProtocol
    > = Switchyard.LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, PartMiddleware>
    /// ``Switchyard/Middleware``.
    @available(
        *, deprecated,
        message: "Use `MiddlewareProtocol` instead of `Middleware`. This protocol will be removed on 1.0."
    )
    public typealias Middleware = Switchyard.Middleware
    /// ``Switchyard/MiddlewareProtocol``.
    public typealias MiddlewareProtocol = Switchyard.MiddlewareProtocol
    /// ``Switchyard/MiddlewareReader``.
    public typealias MiddlewareReader<Dependencies, MiddlewareType: Switchyard.MiddlewareProtocol> =
        Switchyard.MiddlewareReader<Dependencies, MiddlewareType>
    /// ``SwitchyardSwiftRex/Monoid``.
    public typealias Monoid = SwitchyardSwiftRex.Monoid
    /// ``Switchyard/Reducer``.
    public typealias Reducer<ActionType, StateType> = Switchyard.Reducer<ActionType, StateType>
    /// ``SwitchyardSwiftRex/Semigroup``.
    public typealias Semigroup = SwitchyardSwiftRex.Semigroup
    /// ``Switchyard/ShouldEmitValue``.
    public typealias ShouldEmitValue<StateType> = Switchyard.ShouldEmitValue<StateType>
    /// ``Switchyard/StoreProjection``.
    public typealias StoreProjection<ViewAction, ViewState> = Switchyard.StoreProjection<ViewAction, ViewState>

    // This product's types.

    /// ``MiddlewareReaderProtocol``.
    public typealias MiddlewareReaderProtocol = SwitchyardSwiftRex.MiddlewareReaderProtocol
    /// ``MutableReduceFunction``.
    public typealias MutableReduceFunction<ActionType, StateType> =
        SwitchyardSwiftRex.MutableReduceFunction<ActionType, StateType>
    /// ``StateProvider``.
    public typealias StateProvider = SwitchyardSwiftRex.StateProvider
    /// ``StoreType``.
    public typealias StoreType = SwitchyardSwiftRex.StoreType
    /// ``AnyStateProvider``.
    public typealias AnyStateProvider<StateType> = SwitchyardSwiftRex.AnyStateProvider<StateType>
    /// ``AnyStoreType``.
    public typealias AnyStoreType<ActionType, StateType> = SwitchyardSwiftRex.AnyStoreType<ActionType, StateType>
    /// ``PublisherType``.
    public typealias PublisherType<Element, ErrorType: Error> = SwitchyardSwiftRex.PublisherType<Element, ErrorType>
    /// ``ReduceFunction``.
    public typealias ReduceFunction<ActionType, StateType> = SwitchyardSwiftRex.ReduceFunction<ActionType, StateType>
    /// ``ReduxStoreProtocol``.
    public typealias ReduxStoreProtocol = SwitchyardSwiftRex.ReduxStoreProtocol
    /// ``ReduxStoreBase``.
    public typealias ReduxStoreBase<ActionType: Sendable, StateType: Sendable> =
        SwitchyardSwiftRex.ReduxStoreBase<ActionType, StateType>
    /// ``ReduxPipelineWrapper``.
    public typealias ReduxPipelineWrapper<MiddlewareType: Switchyard.MiddlewareProtocol & Sendable> =
        SwitchyardSwiftRex.ReduxPipelineWrapper<MiddlewareType>
    where
        MiddlewareType.InputActionType == MiddlewareType.OutputActionType,
        MiddlewareType.InputActionType: Sendable, MiddlewareType.StateType: Sendable
    /// ``ReplayLastSubjectType``.
    public typealias ReplayLastSubjectType<Element, ErrorType: Error> =
        SwitchyardSwiftRex.ReplayLastSubjectType<Element, ErrorType>
    /// ``SubjectType``.
    public typealias SubjectType<Element, ErrorType: Error> = SwitchyardSwiftRex.SubjectType<Element, ErrorType>
    /// ``SubscriberType``.
    public typealias SubscriberType<Element, ErrorType: Error> = SwitchyardSwiftRex.SubscriberType<Element, ErrorType>
    /// ``SubscriptionCollection``.
    public typealias SubscriptionCollection = SwitchyardSwiftRex.SubscriptionCollection
    /// ``SubscriptionType``.
    public typealias SubscriptionType = SwitchyardSwiftRex.SubscriptionType
    /// ``UnfailablePublisherType``.
    public typealias UnfailablePublisherType<Element> = SwitchyardSwiftRex.UnfailablePublisherType<Element>
    /// ``UnfailableReplayLastSubjectType``.
    public typealias UnfailableReplayLastSubjectType<Element> =
        SwitchyardSwiftRex.UnfailableReplayLastSubjectType<Element>
    /// ``UnfailableSubject``.
    public typealias UnfailableSubject<Element> = SwitchyardSwiftRex.UnfailableSubject<Element>
    /// ``UnfailableSubscriberType``.
    public typealias UnfailableSubscriberType<Element> = SwitchyardSwiftRex.UnfailableSubscriberType<Element>
}
