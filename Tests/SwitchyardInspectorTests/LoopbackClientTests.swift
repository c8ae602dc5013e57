import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tests' own client keeps the rule that every wait has a deadline: a server that stops reading fails a test,
/// it never hangs it.
struct LoopbackClientTests {
    /// A socket that listens on a port of loopback and never accepts: the kernel completes connections to it and
    /// queues what they send until its buffers are full, then the senders wait.
    final class SilentServer {
        let socket: Int32
        let port: UInt16

        init() throws {
            #if canImport(Glibc)
                let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
                let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
            #endif
            // A small receive buffer, which the connections it completes inherit: the client's send buffer fills
            // soon, and a write then waits for room that rarely comes.
            var size: Int32 = 4096
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(socket, pointer, length) == 0 && listen(socket, 4) == 0
                        && getsockname(socket, pointer, &length) == 0
                }
            }
            guard socket >= 0, listening else {
                close(socket)
                throw ClientError("could not listen: \(errno)")
            }
            self.socket = socket
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(socket) }
    }

    @Test func aWriteToAServerThatNeverReadsFailsWithinTheClientsTimeout() throws {
        let server = try SilentServer()
        let client = LoopbackClient(port: server.port, timeout: 1)
        let sent = LockedValue<Bool?>(nil)
        // On a thread of its own, so that the pool's threads, busy with other tests, cannot delay it. A write that
        // makes some progress starts its timeout again: with the whole suite running, the loopback lets a little
        // through now and then, and this write took 29 s (3 s alone). Without a send timeout it never ends.
        let ended = runOnThread(timeout: .seconds(120)) {
            guard let connection = try? client.openNow() else { return }
            // Far more than the kernel holds for a connection: without a deadline the write would wait for ever.
            let result = connection.sendNow(Data(count: 16 << 20))
            sent.withLock { $0 = result }
        }
        #expect(ended)
        #expect(sent.withLock { $0 } == false)
        withExtendedLifetime(server) {}
    }
}
