// A to-do list whose state survives runs: each run restores it from a SQLite file, applies one command, and
// journals the action. `swift run --package-path Examples TodoExample add "milk"`, `list`, `done 1`, `undo 1`.
// The file is `todo.sqlite` in the current folder, or the path in the environment variable `TODO_FILE`.
import Foundation
import Switchyard
import SwitchyardPersistence

struct Todo: Codable, Sendable, Equatable {
    var title: String
    var isDone = false
}

struct TodoState: Codable, Sendable, Equatable {
    var todos: [Todo] = []
}

enum TodoAction: Codable, Sendable, Equatable {
    case add(String)
    case setDone(index: Int, Bool)
}

let todoReducer = Reducer<TodoAction, TodoState> { action, state in
    switch action {
    case .add(let title):
        state.todos.append(Todo(title: title))
    case .setDone(let index, let isDone) where state.todos.indices.contains(index):
        state.todos[index].isDone = isDone
    case .setDone:
        break
    }
}

func usage() -> Never {
    FileHandle.standardError.write(Data("usage: TodoExample add TITLE | list | done N | undo N\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let path = ProcessInfo.processInfo.environment["TODO_FILE"] ?? "todo.sqlite"
let persistence = try StatePersistence(path: path, initialState: TodoState(), reducer: todoReducer)
let store = Store(restoring: persistence)

switch (arguments.first, arguments.count) {
case ("add", 2):
    store.dispatch(.add(arguments[1]))
case ("done", 2), ("undo", 2):
    guard let number = Int(arguments[1]), store.state.todos.indices.contains(number - 1) else {
        FileHandle.standardError.write(Data("no to-do number \(arguments[1])\n".utf8))
        exit(1)
    }
    store.dispatch(.setDone(index: number - 1, arguments[0] == "done"))
case ("list", 1), (nil, 0):
    break
default:
    usage()
}
persistence.flush()

if store.state.todos.isEmpty { print("Nothing to do.") }
for (offset, todo) in store.state.todos.enumerated() {
    print("\(offset + 1). [\(todo.isDone ? "x" : " ")] \(todo.title)")
}
