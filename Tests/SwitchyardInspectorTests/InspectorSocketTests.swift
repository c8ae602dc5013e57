import Foundation
import Switchyard
import SwitchyardInspectorDesktop
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

#if canImport(Glibc)
    import Glibc
#endif

/// The app's socket to the desktop inspector is not inherited by the processes the app starts.
@Suite(.serialized) struct InspectorSocketTests {
    @Test func theSocketIsOpenedCloseOnExec() async throws {
        let desktop = try await DesktopInspector.start()
        defer { Task { await desktop.stop() } }
        let socket = try await CloseOnExecSocket.connect(
            host: "127.0.0.1", port: desktop.port, timeout: .seconds(5))
        defer { close(socket) }
        #expect(CloseOnExecSocket.isCloseOnExec(socket))
    }

    @Test func aClosedPortIsReportedWithTheSystemsReason() async throws {
        // A port that was just free: nothing listens on it.
        let desktop = try await DesktopInspector.start()
        let port = desktop.port
        await desktop.stop()
        await #expect {
            _ = try await CloseOnExecSocket.connect(host: "127.0.0.1", port: port, timeout: .seconds(5))
        } throws: { error in
            "\(error)".contains("refused")
        }
        await #expect {
            _ = try await CloseOnExecSocket.connect(host: "no-such-host.invalid", port: port, timeout: .seconds(5))
        } throws: { error in
            "\(error)".contains("cannot resolve no-such-host.invalid")
        }
    }

    #if os(Linux)
        /// A child process started with `posix_spawn`, which keeps every descriptor that is not close-on-exec, lists
        /// its descriptors: the connected app's socket to the desktop is not among them.
        @Test func aChildProcessDoesNotInheritTheAppsConnection() async throws {
            let desktop = try await DesktopInspector.start()
            defer { Task { await desktop.stop() } }
            let store = makeStore()
            let inspector = StoreInspector(inspecting: store)
            let connection = inspector.connect(to: desktop.appAddress, app: "Spawning", store: "main")
            defer { Task { await connection.close() } }
            #expect(await connection.waitUntilConnected(timeout: .seconds(20)))
            let port = desktop.port
            let inode = try await eventually { Self.socketInode(remotePort: port) }
            // The test itself: the app's socket is one of this process's descriptors…
            #expect(try descriptorsOf("/proc/self/fd").contains("socket:[\(inode)]"))
            // …and not one of the child's.
            let childs = try spawnAndRead(["/bin/sh", "-c", "ls -l /proc/$$/fd"])
            #expect(!childs.contains("socket:[\(inode)]"), "the child inherited the app's socket: \(childs)")
            withExtendedLifetime(store) {}
            #expect(childs.contains("pipe:") || childs.contains("->"), "the child listed nothing: \(childs)")
        }

        /// The inode of this process's TCP socket connected to `remotePort` on loopback.
        private static func socketInode(remotePort: Int) -> String? {
            // Read to its end: the table lists every socket of the machine's network namespace, and changes while
            // other tests run.
            guard let file = FileHandle(forReadingAtPath: "/proc/self/net/tcp") else { return nil }
            defer { try? file.close() }
            let table = String(decoding: (try? file.readToEnd()) ?? Data(), as: UTF8.self)
            let port = String(format: "%04X", remotePort)
            for line in table.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                // local address, remote address, state (01: established), …, inode at index 9.
                guard fields.count > 9, fields[2].hasSuffix(":\(port)"), fields[3] == "01" else { continue }
                return String(fields[9])
            }
            return nil
        }

        private func descriptorsOf(_ folder: String) throws -> String {
            try FileManager.default.contentsOfDirectory(atPath: folder)
                .compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
                .joined(separator: "\n")
        }

        /// Runs `arguments` with `posix_spawn` (every descriptor that is not close-on-exec is inherited) and returns
        /// what it printed.
        private func spawnAndRead(_ arguments: [String]) throws -> String {
            var pipe: [CInt] = [0, 0]
            // Close-on-exec, so that no other test's child keeps it open; `adddup2` clears the flag on the child's
            // standard output.
            try #require(Glibc.pipe(&pipe) == 0)
            for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            var argv = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var child: pid_t = 0
            let spawned = posix_spawn(&child, arguments[0], &actions, nil, &argv, environ)
            close(pipe[1])
            defer { close(pipe[0]) }
            try #require(spawned == 0)
            var output = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                // Waits at most a second for output, so that a child that never ends fails the test.
                var ready = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 1_000) == 0 { continue }
                let count = read(pipe[0], &buffer, buffer.count)
                if count <= 0 { break }
                output.append(contentsOf: buffer[0..<count])
            }
            var status: CInt = 0
            waitpid(child, &status, 0)
            return String(decoding: output, as: UTF8.self)
        }
    #endif
}
