import Foundation
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

    @Test func aWriteToAServerThatNeverReadsFailsWithinTheClientsTimeout() async throws {
        let server = try SilentServer()
        let connection = try await LoopbackClient(port: server.port, timeout: 1).open()
        // Far more than the kernel holds for a connection: without a deadline the write would wait for ever.
        let writing = Task { await connection.send(Data(count: 256 << 20)) }
        let sent = await value(of: writing, within: .seconds(60))
        #expect(sent == false)
        withExtendedLifetime(server) {}
    }
}
