/// An action addressed to one element of a collection, found by its id.
///
/// ```swift
/// enum ListAction { case row(ElementIDAction<Movie.ID, RowAction>) }
/// store.dispatch(.row(ElementIDAction(id: movie.id, action: .toggleFavorite)))
/// ```
public struct ElementIDAction<ID: Hashable, Action> {
    /// The id of the element the action is for.
    public let id: ID
    /// The action for that element.
    public let action: Action

    /// Creates an action for the element with `id`.
    public init(id: ID, action: Action) {
        self.id = id
        self.action = action
    }
}

extension ElementIDAction: Sendable where ID: Sendable, Action: Sendable {}
extension ElementIDAction: Equatable where Action: Equatable {}
extension ElementIDAction: Hashable where Action: Hashable {}
extension ElementIDAction: Codable where ID: Codable, Action: Codable {}

/// An action addressed to one element of a collection, found by its index.
public struct ElementIndexAction<Index: Comparable, Action> {
    /// The index of the element the action is for.
    public let index: Index
    /// The action for that element.
    public let action: Action

    /// Creates an action for the element at `index`.
    public init(index: Index, action: Action) {
        self.index = index
        self.action = action
    }
}

extension ElementIndexAction: Sendable where Index: Sendable, Action: Sendable {}
extension ElementIndexAction: Equatable where Action: Equatable {}
extension ElementIndexAction: Hashable where Index: Hashable, Action: Hashable {}
extension ElementIndexAction: Codable where Index: Codable, Action: Codable {}
