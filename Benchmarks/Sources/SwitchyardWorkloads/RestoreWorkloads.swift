import LaunchCatalog
import Switchyard
import SwitchyardPersistence

/// A launch: restores a file written once by `init` and returns when the store could start. Each `run(count)`
/// restores it `count` times (the restore changes nothing in the file).
package class RestoreWorkload: @unchecked Sendable {
    /// The file.
    package let path: String
    let journaling: ActionJournaling<CatalogAction>

    /// Writes the file: `actions` dispatched to a journaled store with `options`, journaled as `journaling` says.
    init(
        options: PersistenceOptions, actions: [CatalogAction], journaling: ActionJournaling<CatalogAction> = .codable()
    ) {
        self.path = temporaryDatabasePath()
        self.journaling = journaling
        writeCatalogFile(path: path, options: options, actions: actions, journaling: journaling)
    }

    /// A workload of the file at `path`, written beforehand (L1's, which ``writeLaunchFile(path:)`` writes).
    init(path: String) {
        self.path = path
        journaling = .codable()
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
        let path = temporaryDatabasePath()
        writeLaunchFile(path: path)
        super.init(path: path)
    }
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
