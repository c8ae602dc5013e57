/// The name of an action's case, without its payload: `loaded` for `.loaded(items)`, the type's name for an action
/// that is not an enum (a struct, a string).
///
/// The tools that attach to a store name actions with it by default: the span of a traced action, the `action`
/// dimension of its metrics. Bounded: an enum has a fixed set of cases, so names made with it form a fixed set. A
/// nested enum is named by its outer case only (`child` for `.child(.tap(1))`).
///
/// ```swift
/// actionCaseName(AppAction.search("swift"))   // "search"
/// actionCaseName(AppAction.refresh)           // "refresh"
/// ```
///
/// Kept per case: the name of each case is made once, from the enum's metadata, and found again from the value's case
/// (read from the type's metadata, whatever its payload) without a lock or an allocation. An enum that describes itself
/// (`CustomStringConvertible`) is still named by its declared cases. A type keeps the names of its first 256 cases; for
/// an action that is not an enum, each distinct value counts as a case.
public func actionCaseName<Action>(_ action: Action) -> String {
    ActionCaseNames.shared.name(of: action)
}
