import Foundation
import Switchyard
import SwitchyardPersistence

/// A catalog of a thousand-odd items: its JSON is about 1 MB once ``CatalogAction/load`` has filled it.
package struct Catalog: Codable, Sendable, Equatable {
    package var items: [String] = []
    package var tapped = 0
}

/// The catalog's actions: one that loads it, and one that most launches replay.
package enum CatalogAction: Codable, Sendable, Equatable {
    case load(count: Int)
    case tap(item: Int)
}

extension Reducer where Action == CatalogAction, State == Catalog {
    static var catalog: Reducer {
        .reduce { action, state in
            switch action {
            case .load(let count):
                state.items = (0..<count).map { String(repeating: "item \($0) ", count: 10) }
            case .tap: state.tapped += 1
            }
        }
    }
}

extension ActionJournaling where Action == CatalogAction {
    /// The catalog's actions in a binary format of the app's own: a byte for the case, eight for its value.
    static var binary: ActionJournaling {
        .custom(
            encode: { action in
                switch action {
                case .load(let count): Data([1]) + withUnsafeBytes(of: Int64(count).littleEndian) { Data($0) }
                case .tap(let item): Data([2]) + withUnsafeBytes(of: Int64(item).littleEndian) { Data($0) }
                }
            },
            decode: { bytes in
                let value = Int(
                    Int64(littleEndian: bytes.dropFirst().withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }))
                return bytes.first == 1 ? .load(count: value) : .tap(item: value)
            }
        )
    }
}

/// A launch: restores a file written once by `init` and returns when the store could start. Each `run(count)`
/// restores it `count` times (the restore changes nothing in the file).
package class RestoreWorkload: @unchecked Sendable {
    /// The file.
    package let path = temporaryDatabasePath()
    let journaling: ActionJournaling<CatalogAction>

    /// Writes the file: `actions` dispatched to a journaled store with `options`, journaled as `journaling` says.
    init(
        options: PersistenceOptions, actions: [CatalogAction], journaling: ActionJournaling<CatalogAction> = .codable()
    ) {
        self.journaling = journaling
        let persistence = try! StatePersistence(
            path: path, initialState: Catalog(), reducer: .catalog, journaling: journaling, options: options)
        let store = Store(restoring: persistence)
        for action in actions { store.dispatch(action) }
        persistence.close()
    }

    package func run(_ count: Int) {
        for _ in 0..<count {
            let persistence = try! StatePersistence(
                path: path, initialState: Catalog(), reducer: .catalog, journaling: journaling)
            precondition(persistence.restoredState.tapped > 0, "nothing was restored")
            persistence.close()
        }
    }
}

/// L1: a launch with a snapshot of a 1 MB state and 1,000 journaled actions after it.
package final class SnapshotRestoreWorkload: RestoreWorkload, Workload, @unchecked Sendable {
    package static let name = "l1"

    package required init() {
        // The snapshot follows the load and a first tap; the thousand taps after it stay in the journal.
        super.init(
            options: PersistenceOptions(snapshotEveryActions: 2, snapshotInterval: .seconds(3_600)),
            actions: [.load(count: 12_000), .tap(item: 0)])
        let persistence = try! StatePersistence(
            path: path, initialState: Catalog(), reducer: .catalog,
            options: PersistenceOptions(snapshotEveryActions: 1_000_000, snapshotInterval: .seconds(3_600)))
        let store = Store(restoring: persistence)
        for item in 0..<1_000 { store.dispatch(.tap(item: item)) }
        persistence.close()
    }
}

/// An app's launch, as `SwitchyardLaunch` times it: restores the file at `path` (L1's), makes the store and reads its
/// first state; the number of taps it holds.
package func launchApp(restoring path: String) throws -> Int {
    let persistence = try StatePersistence(path: path, initialState: Catalog(), reducer: .catalog)
    let store = Store(restoring: persistence)
    return store.state.tapped
}

/// L200k: a launch that replays a journal of 200,000 actions, with no snapshot.
package final class JournalRestore200kWorkload: RestoreWorkload, Workload, @unchecked Sendable {
    package static let name = "l200k"

    package required init() {
        super.init(
            options: PersistenceOptions(snapshotEveryActions: 10_000_000, snapshotInterval: .seconds(3_600)),
            actions: (0..<200_000).map { .tap(item: $0) })
    }
}

/// L1M: a launch that replays a journal of 1,000,000 actions, with no snapshot.
package final class JournalRestore1MWorkload: RestoreWorkload, Workload, @unchecked Sendable {
    package static let name = "l1m"

    package required init() {
        super.init(
            options: PersistenceOptions(snapshotEveryActions: 10_000_000, snapshotInterval: .seconds(3_600)),
            actions: (0..<1_000_000).map { .tap(item: $0) })
    }
}

/// L1Mb: L1M's journal in a binary format of the app's own (``ActionJournaling/custom(encode:decode:)``).
package final class BinaryJournalRestore1MWorkload: RestoreWorkload, Workload, @unchecked Sendable {
    package static let name = "l1mb"

    package required init() {
        super.init(
            options: PersistenceOptions(snapshotEveryActions: 10_000_000, snapshotInterval: .seconds(3_600)),
            actions: (0..<1_000_000).map { .tap(item: $0) }, journaling: .binary)
    }
}

/// The journal writer's throughput (P1w) with the catalog's action, which carries a value, journaled as
/// `journaling` says: dispatches a batch of actions and waits until the writer has committed them all.
package class CatalogJournalWriter: @unchecked Sendable {
    private let persistence: StatePersistence<CatalogAction, Catalog>
    private let store: Store<CatalogAction, Catalog>

    init(journaling: ActionJournaling<CatalogAction>) {
        persistence = try! StatePersistence(
            path: temporaryDatabasePath(), initialState: Catalog(), reducer: .catalog, journaling: journaling)
        store = Store(restoring: persistence)
    }

    package func run(_ count: Int) {
        for item in 0..<count {
            store.dispatch(.tap(item: item))
        }
        persistence.flush()
    }
}

/// P1wb: the writer with the actions in a binary format of the app's own (``ActionJournaling/custom(encode:decode:)``).
package final class BinaryJournalWriterWorkload: CatalogJournalWriter, Workload, @unchecked Sendable {
    package static let name = "p1wb"
    package required init() { super.init(journaling: .binary) }
}

/// P1wj: P1wb's actions in JSON, the default: what the format costs the writer.
package final class CatalogJournalWriterWorkload: CatalogJournalWriter, Workload, @unchecked Sendable {
    package static let name = "p1wj"
    package required init() { super.init(journaling: .codable()) }
}
