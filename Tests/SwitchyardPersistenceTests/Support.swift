import Foundation
import GRDB
import Switchyard
import SwitchyardPersistence

struct Todo: Codable, Sendable, Equatable {
    var title: String
    var isDone = false
}

struct TodoState: Codable, Sendable, Equatable {
    var todos: [Todo] = []
    var filter = ""
}

enum TodoAction: Codable, Sendable, Equatable {
    case add(String)
    case toggle(Int)
    case setFilter(String)
}

let todoReducer = Reducer<TodoAction, TodoState> { action, state in
    switch action {
    case .add(let title): state.todos.append(Todo(title: title))
    case .toggle(let index) where state.todos.indices.contains(index): state.todos[index].isDone.toggle()
    case .toggle: break
    case .setFilter(let filter): state.filter = filter
    }
}

/// A fresh path in a folder of its own, removed with its files when the test ends.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appending(path: "switchyard-persistence-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String = "state.sqlite") -> String { url.appending(path: name).path }

    var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path).sorted()) ?? [] }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Diagnostics collected by a test.
final class Reports: Sendable {
    private let storage = LockedValue<[PersistenceDiagnostic]>([])
    var collect: @Sendable (PersistenceDiagnostic) -> Void {
        { diagnostic in self.storage.withLock { $0.append(diagnostic) } }
    }
    var kinds: [PersistenceDiagnostic.Kind] { storage.withLock { $0.map(\.kind) } }
}

/// Reads a file the way a person would inspect it, with a connection of its own.
func inspect<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
    var configuration = Configuration()
    configuration.readonly = true
    return try DatabaseQueue(path: path, configuration: configuration).read(body)
}
