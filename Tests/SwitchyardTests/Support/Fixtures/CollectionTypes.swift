import Switchyard

// An app with a list of rows, for `liftToCollection`: row actions addressed by id or by index.

struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var count: Int
}

/// A row without `Identifiable`, found by `name` through `liftToCollection(action:stateCollection:identifier:)`.
struct NamedRow: Equatable, Sendable {
    let name: String
    var count: Int
}

enum RowAction: Equatable, Sendable {
    case increment
    case report
    case reported(count: Int)
}

enum ListAction: Equatable, Sendable {
    case row(ElementIDAction<Int, RowAction>)
    case rowAt(ElementIndexAction<Int, RowAction>)
    case named(ElementIDAction<String, RowAction>)
    case removeAll
    case other

    var row: ElementIDAction<Int, RowAction>? {
        get {
            guard case let .row(action) = self else { return nil }
            return action
        }
        set {
            guard case .row = self, let newValue else { return }
            self = .row(newValue)
        }
    }

    var rowAt: ElementIndexAction<Int, RowAction>? {
        guard case let .rowAt(action) = self else { return nil }
        return action
    }

    var named: ElementIDAction<String, RowAction>? {
        guard case let .named(action) = self else { return nil }
        return action
    }
}

struct ListState: Equatable, Sendable {
    var rows: [Row]
    var namedRows: [NamedRow] = []
}

var rowReducer: Reducer<RowAction, Row> {
    Reducer { action, row in
        if action == .increment { row.count += 1 }
    }
}

var namedRowReducer: Reducer<RowAction, NamedRow> {
    Reducer { action, row in
        if action == .increment { row.count += 1 }
    }
}

/// On `.report` it writes the row it sees before the reducer (in `handle`) and after it (in the IO) to the trace,
/// then dispatches `.reported(count:)` with the count after the reducer.
struct RowMiddleware: MiddlewareProtocol {
    let trace: Trace

    func handle(action: RowAction, from dispatcher: ActionSource, state: @escaping GetState<Row>) -> IO<RowAction> {
        trace.append("handle \(action) row \(state().id) count \(state().count)")
        guard action == .report || action == .increment else { return .pure() }
        return IO { output in
            let row = state()
            trace.append("io row \(row.id) count \(row.count)")
            output.dispatch(.reported(count: row.count))
        }
    }
}
