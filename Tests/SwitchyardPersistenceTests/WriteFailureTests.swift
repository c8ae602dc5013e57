import Foundation
import GRDB
import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder whose disk a test fills, so that the journal's writes fail for real, and frees again.
///
/// As root (this repository's CI and containers), the folder is a small tmpfs mounted for the test: filling it with a
/// filler file makes SQLite's writes fail with `SQLITE_FULL` as on a full phone, and deleting the filler frees it, a
/// real "disk full, then freed". Without root, or where mounting fails, the fault is SQLite's instead: `PRAGMA
/// max_page_count` on the journal writer's connection (reached through `@testable import`) caps the database at the
/// pages it has, so that a commit that needs a new page fails with the same `SQLITE_FULL`; the actions are large, so
/// that every commit needs new pages. Either way the writer sees the error a full disk gives, and the tests check the
/// same things. The tmpfs is unmounted when the test ends (`defer { disk.unmount() }`), lazily, so that a file left
/// open cannot keep it mounted.
final class FillableDisk: @unchecked Sendable {
    let folder = TemporaryFolder()
    /// Whether the folder is a tmpfs of its own (root); otherwise the fault is `max_page_count`.
    let isMounted: Bool
    private let lock = NSLock()
    /// The persistence whose connection is capped, without a tmpfs; weak, so that a test can free it.
    private weak var persistence: StatePersistence<TodoAction, TodoState>?
    private var unmounted = false

    init() {
        // SWITCHYARD_NO_TMPFS=1 runs the tests with SQLite's fault even as root.
        isMounted =
            geteuid() == 0 && ProcessInfo.processInfo.environment["SWITCHYARD_NO_TMPFS"] == nil
            && Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", folder.url.path])
    }

    func path(_ name: String = "state.sqlite") -> String { folder.path(name) }

    private var filler: String { folder.path("filler") }

    /// Fills the disk: writes fail from now on. Without a tmpfs, `persistence`'s connection is capped instead.
    func fill(for persistence: StatePersistence<TodoAction, TodoState>) throws {
        if isMounted {
            let descriptor = open(filler, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
            precondition(descriptor >= 0, "cannot create the filler file")
            defer { close(descriptor) }
            for size in [65_536, 512, 1] {
                let bytes = [UInt8](repeating: 0xAB, count: size)
                while write(descriptor, bytes, size) == size {}
            }
        } else {
            try persistence.writer!.file.queue.inDatabase { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 1
                try db.execute(sql: "PRAGMA max_page_count = \(pages)")
            }
            lock.withLock { self.persistence = persistence }
        }
    }

    /// Frees the disk: writes succeed again.
    func free() throws {
        if isMounted {
            try FileManager.default.removeItem(atPath: filler)
        } else if let persistence = lock.withLock({ self.persistence }) {
            // A connection the journal closed (it stopped) has no cap left to lift.
            try? persistence.writer!.file.queue.inDatabase { db in
                try db.execute(sql: "PRAGMA max_page_count = 1073741823")
            }
        }
    }

    /// Unmounts the tmpfs; call it in a `defer`, once the persistence is closed or freed.
    func unmount() {
        let alreadyDone = lock.withLock {
            defer { unmounted = true }
            persistence = nil
            return unmounted
        }
        if isMounted && !alreadyDone { _ = Self.run("/usr/bin/umount", ["-l", folder.url.path]) }
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}

/// A title long enough that each action needs new pages of the file: more than a page, so overflow pages.
func bigTitle(_ index: Int) -> String { "\(index)-" + String(repeating: "x", count: 5_000) }

/// Runs `body` on a thread of its own and waits at most `seconds` for it; returns whether it returned. A body that
/// hangs is left on its thread: the test fails instead of hanging.
func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + seconds) == .success
}

extension JournalStatus {
    var isFailing: Bool { if case .failing = self { true } else { false } }
    var isStopped: Bool { if case .stopped = self { true } else { false } }
    /// The case's name, without its values.
    var name: String {
        switch self {
        case .writing: "writing"
        case .failing: "failing"
        case .stopped: "stopped"
        case .closed: "closed"
        case .notPersisting: "notPersisting"
        }
    }
}

extension Reports {
    var dropped: [Int] { kinds.compactMap { if case .actionsDropped(let count) = $0 { count } else { nil } } }
}

@Suite struct WriteFailureTests {
    let reports = Reports()

    func open(
        _ disk: FillableDisk, _ options: PersistenceOptions = PersistenceOptions()
    ) throws
        -> StatePersistence<TodoAction, TodoState>
    {
        try StatePersistence(
            path: disk.path(), initialState: TodoState(), reducer: todoReducer, options: options,
            diagnostics: reports.collect)
    }

    /// The state the file restores, read by a persistence of its own that is closed at once.
    func restored(_ disk: FillableDisk) throws -> StatePersistence<TodoAction, TodoState> {
        let persistence = try StatePersistence(
            path: disk.path(), initialState: TodoState(), reducer: todoReducer, diagnostics: { _ in })
        persistence.close()
        return persistence
    }

    @Test func keepingInMemoryTheJournalRecoversOnceTheDiskIsFreedWithEveryActionInOrder() throws {
        let disk = FillableDisk()
        defer { disk.unmount() }
        let persistence = try open(disk)
        defer { persistence.close() }
        let store = Store(restoring: persistence)
        for index in 0..<5 { store.dispatch(.add("before \(index)")) }
        #expect(persistence.flush(timeout: .seconds(10)))
        try disk.fill(for: persistence)
        for index in 0..<30 { store.dispatch(.add(bigTitle(index))) }
        #expect(eventuallyBlocking { persistence.journalStatus.isFailing })
        // Not written while the disk is full, and the plain flush returns rather than waiting for the disk.
        #expect(!persistence.flush(timeout: .milliseconds(300)))
        #expect(returns(within: 5) { persistence.flush() })
        #expect(
            eventuallyBlocking {
                guard case .failing(let diagnostic, let pending) = persistence.journalStatus else { return false }
                return diagnostic.kind == .writeFailed && pending == 30
            })
        try disk.free()
        #expect(persistence.flush(timeout: .seconds(10)))
        #expect(persistence.journalStatus == .writing)
        #expect(reports.kinds == [.writeFailed, .writesResumed])
        persistence.close()
        let restored = try restored(disk)
        #expect(restored.restoredState == store.state, "the restored state differs")
        #expect(restored.restoredState.todos.count == 35)
    }

    @Test func keepingInMemoryBeyondItsBoundDropsTheOldestAndASnapshotCoversThem() throws {
        let disk = FillableDisk()
        defer { disk.unmount() }
        let persistence = try open(disk, PersistenceOptions(writeFailure: .keepInMemory(maxPendingActions: 10)))
        defer { persistence.close() }
        let store = Store(restoring: persistence)
        for index in 0..<5 { store.dispatch(.add("before \(index)")) }
        #expect(persistence.flush(timeout: .seconds(10)))
        try disk.fill(for: persistence)
        for index in 0..<60 { store.dispatch(.add(bigTitle(index))) }
        #expect(eventuallyBlocking { persistence.journalStatus.isFailing && !reports.dropped.isEmpty })
        // Reported once for the failing period, not once per action; the status counts what is dropped so far.
        #expect(reports.dropped.count == 1)
        #expect(
            eventuallyBlocking {
                guard case .failing(let diagnostic, let pending) = persistence.journalStatus,
                    case .actionsDropped = diagnostic.kind
                else { return false }
                return pending <= 10
            })
        try disk.free()
        // The snapshot that covers the dropped actions is the state after an action processed once the writer has
        // asked for it: the store keeps processing, as an app does, until the journal is whole again (the writer
        // may still be taking the burst above when the first of these is processed).
        var afterCount = 0
        let deadline = Date(timeIntervalSinceNow: 20)
        repeat {
            store.dispatch(.add("after \(afterCount)"))
            afterCount += 1
        } while !persistence.flush(timeout: .seconds(1)) && Date() < deadline
        #expect(persistence.flush(timeout: .seconds(1)))
        print("the journal was whole again after \(afterCount) actions processed once the disk was freed")
        #expect(persistence.journalStatus == .writing)
        #expect(reports.kinds.last == .writesResumed)
        persistence.close()
        let restored = try restored(disk)
        #expect(restored.restoredState == store.state, "the restored state differs")
        guard case .restored(let snapshot?, _) = restored.restoration else {
            Issue.record("expected a snapshot, got \(restored.restoration)")
            return
        }
        // The journal after the snapshot has no gap.
        let recording = try JournalRecording<TodoAction, TodoState>(path: disk.path(), initialState: TodoState())
        #expect(
            recording.actions.map(\.sequence) == Array(snapshot + 1..<snapshot + 1 + Int64(recording.actions.count)))
    }

    @Test func stoppingTheJournalReportsItAndTheFileKeepsWhatWasWrittenBefore() throws {
        let disk = FillableDisk()
        defer { disk.unmount() }
        let persistence = try open(disk, PersistenceOptions(writeFailure: .stopJournaling))
        defer { persistence.close() }
        let store = Store(restoring: persistence)
        for index in 0..<3 { store.dispatch(.add("before \(index)")) }
        #expect(persistence.flush(timeout: .seconds(10)))
        try disk.fill(for: persistence)
        for index in 0..<5 { store.dispatch(.add(bigTitle(index))) }
        #expect(eventuallyBlocking { persistence.journalStatus.isStopped })
        #expect(reports.kinds == [.journalStopped])
        // Nothing waits: dispatching, flushing and closing return.
        #expect(
            returns(within: 5) {
                for index in 0..<100 { store.dispatch(.add("after \(index)")) }
                persistence.flush()
            })
        #expect(!persistence.flush(timeout: .seconds(1)))
        #expect(returns(within: 5) { persistence.close() })
        try disk.free()
        let restored = try restored(disk)
        #expect(restored.restoredState.todos.map(\.title) == ["before 0", "before 1", "before 2"])
        #expect(store.state.todos.count == 108)
    }

    @Test func blockingProcessingMakesTheDispatchingThreadWaitUntilTheDiskIsFreed() throws {
        let disk = FillableDisk()
        defer { disk.unmount() }
        let persistence = try open(
            disk, PersistenceOptions(durability: .everyAction, writeFailure: .blockProcessing))
        defer { persistence.close() }
        let store = Store(restoring: persistence, scheduling: .callerThread)
        store.dispatch(.add("before"))
        try disk.fill(for: persistence)
        let dispatched = DispatchSemaphore(value: 0)
        Thread {
            store.dispatch(.add(bigTitle(0)))
            dispatched.signal()
        }.start()
        // Each action waits for its commit, which fails: the dispatching thread waits.
        #expect(dispatched.wait(timeout: .now() + 0.5) == .timedOut)
        #expect(persistence.journalStatus.isFailing)
        try disk.free()
        #expect(dispatched.wait(timeout: .now() + 10) == .success)
        #expect(persistence.flush(timeout: .seconds(10)))
        #expect(reports.kinds == [.writeFailed, .writesResumed])
        persistence.close()
        #expect(try restored(disk).restoredState == store.state)
    }

    @Test func everyActionDurabilityWithAFullDiskKeepingInMemoryDoesNotBlockDispatch() throws {
        let disk = FillableDisk()
        defer { disk.unmount() }
        let persistence = try open(disk, PersistenceOptions(durability: .everyAction))
        defer { persistence.close() }
        let store = Store(restoring: persistence)
        store.dispatch(.add("before"))
        try disk.fill(for: persistence)
        let start = ContinuousClock.now
        print("the disk is \(disk.isMounted ? "a tmpfs filled by a file" : "SQLite's max_page_count")")
        #expect(returns(within: 5) { for index in 0..<200 { store.dispatch(.add(bigTitle(index))) } })
        print("200 actions dispatched with .everyAction on a full disk in \(ContinuousClock.now - start)")
        #expect(persistence.journalStatus.isFailing)
        try disk.free()
        #expect(persistence.flush(timeout: .seconds(15)))
        persistence.close()
        #expect(try restored(disk).restoredState == store.state)
    }

    @Test func theAsynchronousFlushThrowsWhileWritesFail() async throws {
        let disk = FillableDisk()
        defer { disk.unmount() }
        let persistence = try open(disk)
        defer { persistence.close() }
        let store = Store(restoring: persistence)
        store.dispatch(.add("before"))
        try await persistence.flush()
        try disk.fill(for: persistence)
        store.dispatch(.add(bigTitle(0)))
        let outcome = LockedValue<Result<Void, PersistenceDiagnostic>?>(nil)
        let flushing = Task {
            do {
                try await persistence.flush()
                outcome.withLock { $0 = .success(()) }
            } catch let diagnostic as PersistenceDiagnostic {
                outcome.withLock { $0 = .failure(diagnostic) }
            }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while outcome.withLock({ $0 }) == nil && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        guard case .failure(let diagnostic) = outcome.withLock({ $0 }) else {
            Issue.record("the flush did not throw: \(String(describing: outcome.withLock { $0 }))")
            return
        }
        #expect(diagnostic.kind == .writeFailed)
        _ = flushing
        try disk.free()
        #expect(persistence.flush(timeout: .seconds(10)))
        try await persistence.flush()
    }

    @Test func theStatusUpdatesGoFromWritingToFailingAndBack() async throws {
        let disk = FillableDisk()
        defer { disk.unmount() }
        let persistence = try open(disk)
        defer { persistence.close() }
        let store = Store(restoring: persistence)
        let seen = LockedValue<[String]>([])
        let finished = LockedValue(false)
        let watching = Task {
            for await status in persistence.journalStatusUpdates() {
                seen.withLock { if $0.last != status.name { $0.append(status.name) } }
            }
            finished.withLock { $0 = true }
        }
        #expect(await eventually { seen.withLock { $0 } == ["writing"] })
        try disk.fill(for: persistence)
        store.dispatch(.add(bigTitle(0)))
        #expect(await eventually { seen.withLock { $0 } == ["writing", "failing"] })
        try disk.free()
        #expect(await eventually { seen.withLock { $0 } == ["writing", "failing", "writing"] })
        persistence.close()
        #expect(await eventually { finished.withLock { $0 } })
        #expect(seen.withLock { $0 } == ["writing", "failing", "writing", "closed"])
        _ = watching
    }

    @Test func aStoreAndItsPersistenceFreedWhileWritesFailGoWithinADeadline() throws {
        let disk = FillableDisk()
        defer { disk.unmount() }
        let reports = reports
        let path = disk.path()
        let freed = returns(within: 10) {
            do {
                let persistence = try StatePersistence(
                    path: path, initialState: TodoState(), reducer: todoReducer, diagnostics: reports.collect)
                let store = Store(restoring: persistence)
                store.dispatch(.add("before"))
                _ = persistence.flush(timeout: .seconds(5))
                try disk.fill(for: persistence)
                for index in 0..<10 { store.dispatch(.add(bigTitle(index))) }
                _ = eventuallyBlocking { persistence.journalStatus.isFailing }
            } catch {
                Issue.record("\(error)")
            }
        }
        #expect(freed)
        // Tried once more, then what could not be written is reported lost.
        #expect(reports.kinds.first == .writeFailed)
        #expect(reports.dropped == [10])
        try disk.free()
        #expect(try restored(disk).restoredState.todos.map(\.title) == ["before"])
    }
}
