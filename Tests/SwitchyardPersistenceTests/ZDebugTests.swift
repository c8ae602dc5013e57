import Foundation
import Switchyard
import SwitchyardPersistence
import Testing

@Test func zdebug() throws {
    let folder = TemporaryFolder()
    var store: Store<TodoAction, TodoState>? = Store(restoring: try StatePersistence(path: folder.path(), initialState: TodoState(), reducer: todoReducer))
    store?.dispatch(.add("milk"))
    store?.dispatch(.add("eggs"))
    print("before nil")
    store = nil
    print("after nil")
    let p = try StatePersistence(path: folder.path(), initialState: TodoState(), reducer: todoReducer)
    print(p.restoration, p.restoredState.todos.map(\.title))
}
