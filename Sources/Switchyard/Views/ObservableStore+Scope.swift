extension ObservableStore {
    /// A view of a child feature: its state is derived from this view's, and its actions are embedded into this
    /// view's actions, with the maps `lift` takes.
    ///
    /// ```swift
    /// let search = appView.scope(state: \.search, action: AppAction.search)
    /// ```
    ///
    /// The child keeps this view alive and follows its states; its readers depend on the child's values only.
    /// Inlinable, like the views' updates, so that they are specialized for the app's types.
    @inlinable
    public func scope<ChildAction, ChildState>(
        state toChildState: @escaping (State) -> ChildState,
        action toAction: @escaping @Sendable (ChildAction) -> Action
    ) -> ObservableStore<ChildAction, ChildState> {
        let parentSend = sender
        let child = ObservableStore<ChildAction, ChildState>(
            initialState: toChildState(stateWithoutTracking),
            diagnostics: diagnostics,
            wholeStateChanged: ChangeDetection.wholeDetector(),
            dispatch: { dispatched in parentSend(dispatched.mapping(toAction)) }
        )
        child.keep(owner: self)
        follow { [weak child] state in
            guard let child else { return false }
            child.apply(toChildState(state))
            return true
        }
        return child
    }

    /// A view of one element of a collection, by its id, which depends on its element only; for the rows of a list,
    /// ``scope(collection:action:)`` makes them all. Its actions are sent as ``ElementIDAction``s of that id, the
    /// actions that `liftToCollection` handles.
    ///
    /// ```swift
    /// let selected = listView.scope(element: selectedID, in: \.rows, action: ListAction.row)
    /// ```
    ///
    /// Like a row of ``scope(collection:action:)``, the view takes a new state only when its element is not the
    /// same, bit for bit, as the one it holds.
    ///
    /// - Returns: `nil`, reported through the store's diagnostics, when the collection has no element with `id`.
    ///   When the element disappears later, the view keeps its last state, stops updating, and drops what is sent
    ///   through it; both are reported through the store's diagnostics.
    @inlinable
    public func scope<Elements: RandomAccessCollection, ElementAction>(
        element id: Elements.Element.ID,
        in elements: @escaping (State) -> Elements,
        action toAction: @escaping @Sendable (ElementIDAction<Elements.Element.ID, ElementAction>) -> Action
    ) -> ObservableStore<ElementAction, Elements.Element>?
    where Elements.Element: Identifiable, Elements.Element.ID: Sendable {
        let finder = ElementFinder<Elements>(id: id)
        guard let element = finder.element(in: elements(stateWithoutTracking)) else {
            reportMissingElement(id, when: "scoping to it")
            return nil
        }
        let parentSend = sender
        let child = ObservableStore<ElementAction, Elements.Element>(
            initialState: element,
            diagnostics: diagnostics,
            wholeStateChanged: ChangeDetection.wholeDetector(),
            elementID: id,
            dispatch: { dispatched in
                parentSend(dispatched.mapping { ElementIDAction(id: id, action: $0) }.mapping(toAction))
            }
        )
        child.keep(owner: self)
        let diagnostics = diagnostics
        follow { [weak child] state in
            guard let child else { return false }
            guard let element = finder.element(in: elements(state)) else {
                child.detach()
                Self.report(missing: id, when: "updating its view; the view keeps its last state", to: diagnostics)
                return false
            }
            if !isBitwiseIdentical(child.current, element) { child.apply(element) }
            return true
        }
        return child
    }

    /// The dispatch function of this view, for the views scoped from it.
    @usableFromInline
    var sender: @Sendable (DispatchedAction<Action>) -> Bool {
        let send = dispatchFunction
        return { send($0) }
    }

    @usableFromInline
    func reportMissingElement<ID>(_ id: ID, when: String) {
        Self.report(missing: id, when: when, to: diagnostics)
    }

    @usableFromInline
    static func report<ID>(missing id: ID, when: String, to diagnostics: StoreDiagnostics) {
        diagnostics.report(
            StoreDiagnostic(
                kind: .scopedElementMissing, message: "no element with id \(id) in the collection when \(when)")
        )
    }
}

/// Finds an element by id, trying first where it was last found, so that a row's update costs one comparison
/// while the collection keeps its order.
@MainActor
@usableFromInline
final class ElementFinder<Elements: RandomAccessCollection> where Elements.Element: Identifiable {
    @usableFromInline let id: Elements.Element.ID
    /// Read and written on the main actor only, each access instantaneous: no two overlap, so the run-time
    /// exclusivity check (two per row and per state) is skipped.
    @usableFromInline @exclusivity(unchecked) var lastOffset: Int?

    @inlinable
    init(id: Elements.Element.ID) {
        self.id = id
    }

    @inlinable
    func element(in elements: Elements) -> Elements.Element? {
        if let lastOffset, lastOffset < elements.count {
            let element = elements[elements.index(elements.startIndex, offsetBy: lastOffset)]
            if element.id == id { return element }
        }
        for (offset, element) in elements.enumerated() where element.id == id {
            lastOffset = offset
            return element
        }
        return nil
    }
}
