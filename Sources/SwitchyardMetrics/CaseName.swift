import Switchyard

/// The name of an action's case, without its payload: now `actionCaseName(_:)` of the Switchyard module, which
/// every tool shares.
@available(*, deprecated, renamed: "actionCaseName(_:)")
public func metricsCaseName<Action>(_ action: Action) -> String {
    actionCaseName(action)
}
