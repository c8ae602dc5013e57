import Switchyard

extension Reducer {
    /// The reducer's action type under SwiftRex's name, so that SwiftRex code such as
    /// `extension Reducer where ActionType == AppAction` compiles unchanged; the core names it `Action`.
    public typealias ActionType = Action
    /// The reducer's state type under SwiftRex's name; the core names it `State`.
    public typealias StateType = State
}

extension ShouldEmitValue {
    /// The state type under SwiftRex's name, so that SwiftRex code that spells `ShouldEmitValue<…>.StateType`
    /// compiles unchanged; the core names it `State`.
    public typealias StateType = State
}
