import Foundation
import Switchyard
import SwitchyardPersistence

// The catalog app of the restore workloads and of `SwitchyardLaunch`, in a module that depends on Switchyard and
// SwitchyardPersistence alone: a persisted app's launch links what such an app links, and not the benchmark
// package's other dependencies (the inspector, SwiftNIO, CustomDump and, through it, FoundationNetworking, whose
// libraries a process that links them loads at every start).

/// A catalog of items: its JSON is about 1 MB once ``CatalogAction/load(count:)`` has filled it with 12,000.
package struct Catalog: Codable, Sendable, Equatable {
    package var items: [String] = []
    package var tapped = 0

    package init() {}
}

/// The catalog's actions: one that loads it, and one that most launches replay.
package enum CatalogAction: Codable, Sendable, Equatable {
    case load(count: Int)
    case tap(item: Int)
}

extension Reducer where Action == CatalogAction, State == Catalog {
    /// The catalog's reducer: `load` fills the items, `tap` counts.
    package static var catalog: Reducer {
        Reducer { action, state in
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
    package static var binary: ActionJournaling {
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

/// A file in a fresh temporary folder, for the persistence workloads.
package func temporaryDatabasePath() -> String {
    let folder = FileManager.default.temporaryDirectory.appending(path: "switchyard-bench-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appending(path: "counter.sqlite").path
}

/// Writes the file at `path`: `actions` dispatched to a journaled catalog store with `options`, journaled as
/// `journaling` says.
package func writeCatalogFile(
    path: String, options: PersistenceOptions, actions: [CatalogAction],
    journaling: ActionJournaling<CatalogAction> = .codable()
) {
    let persistence = try! StatePersistence(
        path: path, initialState: Catalog(), reducer: .catalog, journaling: journaling, options: options)
    let store = Store(restoring: persistence)
    for action in actions { store.dispatch(action) }
    persistence.close()
}

/// Writes L1's file at `path`: a snapshot of a 1 MB state and the 1,000 actions journaled after it.
package func writeLaunchFile(path: String) {
    // The snapshot follows the load and a first tap; the thousand taps after it stay in the journal.
    writeCatalogFile(
        path: path, options: PersistenceOptions(snapshotEveryActions: 2, snapshotInterval: .seconds(3_600)),
        actions: [.load(count: 12_000), .tap(item: 0)])
    writeCatalogFile(
        path: path, options: PersistenceOptions(snapshotEveryActions: 1_000_000, snapshotInterval: .seconds(3_600)),
        actions: (0..<1_000).map { .tap(item: $0) })
}

/// An app's launch, as `SwitchyardLaunch` times it: restores the file at `path` (L1's), makes the store and reads its
/// first state; the number of taps it holds.
package func launchApp(restoring path: String) throws -> Int {
    let persistence = try StatePersistence(path: path, initialState: Catalog(), reducer: .catalog)
    let store = Store(restoring: persistence)
    return store.state.tapped
}
