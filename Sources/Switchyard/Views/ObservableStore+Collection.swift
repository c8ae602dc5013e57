extension ObservableStore {
    /// The row views of a collection in this view's state, for `ForEach`: one ``ObservableStore`` per element,
    /// identified by the element's id, whose actions are sent as ``ElementIDAction``s of that id (the actions a
    /// middleware lifted with `liftToCollection` handles).
    ///
    /// ```swift
    /// ForEach(listView.scope(collection: \.todos, action: ListAction.todo)) { row in
    ///     Toggle(row.title, isOn: row.binding(\.isDone, dispatch: TodoAction.setDone))
    /// }
    /// ```
    ///
    /// - A row view is made once for an id and kept while the id stays in the collection, wherever its element
    ///   moves: calling this again (every time a `body` runs) returns the same row views. A row depends on its own
    ///   element only, so changing one element invalidates that row's readers and no other. A row takes a new state
    ///   only when its element is not the same, bit for bit, as the one it holds: an element that an action did not
    ///   touch costs its row nothing, not even the comparison of its values.
    /// - An id that the collection holds more than once has one row view, at each of its positions, showing the
    ///   first element with that id on every state: the later elements with that id never reach it.
    /// - Reading the rows depends on the ids and their order only: a reader (the `body` that holds the `ForEach`) is
    ///   invalidated when an element is inserted, removed or moved, not when one changes.
    /// - When an element leaves the collection, its row keeps its last state and drops what is sent through it,
    ///   each action reported through the store's diagnostics as ``StoreDiagnostic/Kind/scopedElementMissing``.
    ///
    /// Works with any random-access collection of `Identifiable` elements: an array, or an `IdentifiedArrayOf` from
    /// swift-identified-collections. The rows are kept per key path: scope one collection with one action map.
    @inlinable
    public func scope<Elements: RandomAccessCollection, ElementAction>(
        collection keyPath: KeyPath<State, Elements>,
        action toAction: @escaping @Sendable (ElementIDAction<Elements.Element.ID, ElementAction>) -> Action
    ) -> ObservableRows<ElementAction, Elements.Element>
    where Elements.Element: Identifiable, Elements.Element.ID: Sendable {
        let cache = rowCache(for: keyPath, action: toAction)
        cache.order.access()
        return ObservableRows(rows: cache.rows)
    }

    /// The rows of the collection at `keyPath`, made the first time it is scoped and updated with this view's
    /// states from then on.
    @inlinable
    func rowCache<Elements: RandomAccessCollection, ElementAction>(
        for keyPath: KeyPath<State, Elements>,
        action toAction: @escaping @Sendable (ElementIDAction<Elements.Element.ID, ElementAction>) -> Action
    ) -> RowCache<ElementAction, Elements.Element>
    where Elements.Element: Identifiable, Elements.Element.ID: Sendable {
        if let cache = rowCaches[keyPath] as? RowCache<ElementAction, Elements.Element> { return cache }
        let parentSend = sender
        let diagnostics = diagnostics
        let cache = RowCache<ElementAction, Elements.Element>(diagnostics: diagnostics) { element in
            let id = element.id
            return ObservableStore<ElementAction, Elements.Element>(
                initialState: element,
                diagnostics: diagnostics,
                wholeStateChanged: ChangeDetection.wholeDetector(),
                elementID: id,
                dispatch: { dispatched in
                    parentSend(dispatched.mapping { ElementIDAction(id: id, action: $0) }.mapping(toAction))
                }
            )
        }
        cache.update(stateWithoutTracking[keyPath: keyPath])
        rowCaches[keyPath] = cache
        follow { [weak cache] state in
            guard let cache else { return false }
            cache.update(state[keyPath: keyPath])
            return true
        }
        return cache
    }
}
