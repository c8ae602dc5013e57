/// A value of a view's state that a control reads and changes: reading goes to the state, writing sends an action.
///
/// ```swift
/// let query = searchView.storeBinding(\.query, dispatch: SearchAction.queryChanged)
/// query.wrappedValue = "swift"  // sends .queryChanged("swift")
/// ```
///
/// On platforms with SwiftUI, `binding(_:dispatch:)` gives the same pair as a SwiftUI `Binding`.
@MainActor
public struct StoreBinding<Value> {
    /// Reads the current value (and, inside an observation, depends on it).
    let get: @MainActor () -> Value
    /// Sends the action for a new value.
    let set: @MainActor (Value) -> Void

    /// The current value; setting it sends the action.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}

extension ObservableStore {
    /// A binding of the value at `keyPath`: reading it reads the state, setting it sends `toAction(newValue)` with
    /// the caller as the action's source.
    public func storeBinding<Value>(
        _ keyPath: KeyPath<State, Value>,
        dispatch toAction: @escaping (Value) -> Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) -> StoreBinding<Value> {
        StoreBinding(
            get: { self[keyPath] },
            set: { self.dispatch(toAction($0), file: file, function: function, line: line) }
        )
    }
}

#if canImport(SwiftUI)
    import SwiftUI

    extension ObservableStore {
        /// A SwiftUI `Binding` of the value at `keyPath`: reading it reads the state, setting it sends
        /// `toAction(newValue)`.
        ///
        /// ```swift
        /// TextField("Search", text: view.binding(\.query, dispatch: SearchAction.queryChanged))
        /// ```
        public func binding<Value>(
            _ keyPath: KeyPath<State, Value>,
            dispatch toAction: @escaping (Value) -> Action,
            file: StaticString = #fileID,
            function: StaticString = #function,
            line: UInt = #line
        ) -> Binding<Value> {
            let pair = storeBinding(keyPath, dispatch: toAction, file: file, function: function, line: line)
            return Binding(get: { pair.get() }, set: { pair.set($0) })
        }
    }
#endif
