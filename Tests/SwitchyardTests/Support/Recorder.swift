import Switchyard

/// The actions an output received, with their sources.
typealias Recorder<Action> = Locked<[DispatchedAction<Action>]>

/// What a recorder records: a dispatched action.
protocol RecordedAction {
    associatedtype Action
    var action: Action { get }
}

extension DispatchedAction: RecordedAction {}

extension Locked where Value: Collection, Value.Element: RecordedAction {
    /// The recorded actions, without their sources.
    var actions: [Value.Element.Action] { value.map(\.action) }
}
