import Foundation
import GRDB
import SwitchyardTestSupport
import Testing

/// A process that dispatches at full speed is killed (`SIGKILL`) at random moments; after each kill the file
/// restores to the initial state with exactly a committed prefix of the journal replayed, and SQLite finds it intact.
@Suite(.serialized) struct CrashTests {
    /// The harness's tally after `count` actions `add(1)` … `add(count)`.
    static func expectedHash(after count: Int64) -> UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037
        if count > 0 {
            for n in 1...count { hash = (hash ^ UInt64(bitPattern: n)) &* 1_099_511_628_211 }
        }
        return hash
    }

    /// The harness, built next to this test bundle.
    static var harness: URL {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [
            directory, directory.deletingLastPathComponent(),
            directory.deletingLastPathComponent().deletingLastPathComponent(),
        ] {
            let url = candidate.appending(path: "SwitchyardPersistenceCrashHarness")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return directory.appending(path: "SwitchyardPersistenceCrashHarness")
    }

    /// Runs the harness in `mode` and returns its process and the first line it prints, within a minute.
    static func start(_ mode: String, _ path: String, _ durability: String) throws -> (Process, String) {
        try Harness.start([mode, path, durability])
    }

    /// The count and hash a harness restored, checked against the actions it replayed.
    static func restored(_ line: String) throws -> Int64 {
        let parts = line.split(separator: " ")
        try #require(parts.count == 3 && parts[0] == "restored", "unexpected harness output: \(line)")
        let count = try #require(Int64(parts[1]))
        #expect(UInt64(parts[2]) == expectedHash(after: count), "the state is not a prefix of the journal")
        return count
    }

    static var kills: Int { Int(ProcessInfo.processInfo.environment["SWITCHYARD_CRASH_KILLS"] ?? "") ?? 10 }

    /// Runs `body` on a thread of its own: the kills wait for processes for seconds, which would hold a thread of
    /// the cooperative pool that other tests' tasks need. A `body` that has not returned by the deadline fails the
    /// test instead of hanging it.
    static func onOwnThread(_ body: @escaping @Sendable () throws -> Void) async throws {
        let running = Task {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, any Error>, Never>) in
                Thread { continuation.resume(returning: Result { try body() }) }.start()
            }
        }
        try #require(await value(of: running)).get()
    }

    @Test(arguments: ["batched", "every"])
    func killedAtRandomMomentsTheFileRestoresACommittedPrefix(durability: String) async throws {
        try await Self.onOwnThread { try Self.killRepeatedly(durability: durability) }
    }

    static func killRepeatedly(durability: String) throws {
        let folder = TemporaryFolder()
        let path = folder.path()
        var committed: Int64 = 0
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<kills {
            let (process, line) = try start("run", path, durability)
            let count = try restored(line)
            #expect(count >= committed, "a committed action was lost: \(count) < \(committed)")
            committed = count
            usleep(UInt32.random(in: 20_000...200_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
        }
        let line = try Harness.run(["check", path, durability])
        #expect(try restored(line) >= committed)
        let integrity = try inspect(path) { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == ["ok"])
    }
}
