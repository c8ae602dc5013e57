/// The store: state, reducer and middleware pipeline, created in one line.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, middleware: appMiddleware)
/// store.dispatch(.refresh)                      // from any thread
/// let subscription = store.subscribe { state in render(state) }
/// ```
///
/// See ``ReduxStoreBase`` for the pipeline's guarantees; subclass `ReduxStoreBase` instead to build an app store
/// type of your own.
public final class Store<Action: Sendable, State: Sendable>: ReduxStoreBase<Action, State>, @unchecked Sendable {}
