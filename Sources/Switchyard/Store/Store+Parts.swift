extension Store {
    /// What a store's initializers build before they set its properties: shared by the initializer for any state
    /// and the one for `Equatable` state, which differ only in the default of `emitsValue`.
    @usableFromInline
    struct Parts {
        @usableFromInline let core: StoreCore<Action, State>
        @usableFromInline let emitsValue: ShouldEmitValue<State>
        @usableFromInline let effects: EffectScope
        /// The store's middleware, erased; `nil` when it does nothing.
        @usableFromInline let middleware: AnyMiddleware<Action, Action, State>?

        /// Inlinable so that the engine is specialized for the app's types where the store is created.
        @inlinable
        init<M: MiddlewareProtocol & Sendable>(
            initialState: State,
            reducer: Reducer<Action, State>,
            middleware: M,
            emitsValue: ShouldEmitValue<State>,
            scheduling: SchedulingPolicy,
            diagnostics: StoreDiagnostics
        ) where M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State {
            // Erasing recognises a middleware that does nothing (see `doesNothing`): the store then has none.
            let erasedOnce = middleware.eraseToAnyMiddleware()
            let erased = erasedOnce.erasesIdentity ? nil : erasedOnce
            let effects = EffectScope(diagnostics: diagnostics)
            self.core = StoreCore(
                initialState: initialState,
                reducer: reducer,
                middleware: erased,
                emitsValue: emitsValue,
                scheduling: scheduling,
                diagnostics: diagnostics,
                effects: effects
            )
            self.emitsValue = emitsValue
            self.effects = effects
            self.middleware = erased
        }

        /// Whether `middleware` does nothing: an identity, an empty composition, a lift of either, or any of these
        /// erased (what a store without middleware holds in code written for SwiftRex). Such a store runs its
        /// cheapest path: no middleware call per action.
        @inlinable
        static func doesNothing<M: MiddlewareProtocol & Sendable>(_ middleware: M) -> Bool
        where M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State {
            middleware is IdentityMiddleware<Action, Action, State>
                || (middleware as? ComposedMiddleware<Action, Action, State>)?.members.isEmpty == true
                // Erasing recognises an identity however it was lifted; done once, when the store is made.
                || middleware.eraseToAnyMiddleware().erasesIdentity
        }

        /// The deprecated setup call, once, before the first action.
        @inlinable
        func start() {
            middleware?.receiveContext(getState: core.getState, output: core.output)
        }
    }
}
