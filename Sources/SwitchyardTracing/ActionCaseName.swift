import Switchyard

/// The name of an action's case, without its payload: `loaded` for `.loaded(items)`, the type's name for an action
/// that is not an enum (a struct, a string).
///
/// Bounded: an enum has a fixed set of cases, so a span or metric named with it has a fixed set of names. A nested
/// enum is named by its outer case only. Fast: the runtime gives the case's name from the enum's metadata, as
/// `Mirror` does, without reflecting the payload, and each name is made once per process (about a lock and a
/// dictionary look-up per action); where the metadata holds no names (a module built without reflection metadata)
/// it falls back to `Mirror`.
public func actionCaseName<Action>(_ action: Action) -> String {
    ActionCaseNames.shared.name(of: action)
}
