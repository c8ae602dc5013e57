import Foundation
import Switchyard
import SwitchyardInspectorDesktop
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

/// What a page may send and make the desktop hold: every message within its limit however it is framed, and a
/// backlog counted at what its frames cost.
@Suite(.serialized) struct DesktopPageLimitsTests {
    /// Whether `page` still answers a ping, skipping the live updates before the pong.
    func answersAPing(_ page: WebSocketConnection) async throws -> Bool {
        guard await page.send(opcode: 0x9, payload: Array("still open".utf8)) else { return false }
        while let frame = try await page.nextFrame() {
            if frame.opcode == 0xA { return String(decoding: frame.payload, as: UTF8.self) == "still open" }
            if frame.opcode == 0x8 { return false }
        }
        return false
    }

    @Test func aSingleTextOrBinaryFramePastThePageMessageLimitClosesThePage() async throws {
        let running = try await startDesktop()
        defer { Task { await running.stop() } }
        let limit = running.desktop.limits.maxPageMessageBytes
        for opcode in [UInt8(0x1), 0x2] {
            let before = running.desktop.statistics.protocolErrors
            let large = try await page(running)
            // One final frame of 1 MB: no fragment to join, so only the frame's own bound can refuse it.
            _ = await large.send(opcode: opcode, payload: [UInt8](repeating: 0x61, count: 1 << 20))
            #expect(try await large.closeCode() == 1009, "opcode \(opcode)")
            let desktop = running.desktop
            _ = try await eventually { desktop.statistics.protocolErrors > before ? true : nil }
        }
        // A frame of exactly the limit is a message the page may send.
        let atLimit = try await page(running)
        _ = await atLimit.send(opcode: 0x2, payload: [UInt8](repeating: 0x61, count: limit))
        #expect(try await answersAPing(atLimit))
    }

    @Test func aMessageInFragmentsPastThePageMessageLimitClosesThePage() async throws {
        let running = try await startDesktop()
        defer { Task { await running.stop() } }
        let limit = running.desktop.limits.maxPageMessageBytes
        let tooLarge = try await page(running)
        let half = [UInt8](repeating: 0x61, count: limit / 2 + 1)
        _ = await tooLarge.send(opcode: 0x1, payload: half, fin: false)
        _ = await tooLarge.send(opcode: 0x0, payload: half)
        #expect(try await tooLarge.closeCode() == 1009)
        // Fragments that add up to the limit make a message the page may send.
        let within = try await page(running)
        let quarter = [UInt8](repeating: 0x61, count: limit / 4)
        _ = await within.send(opcode: 0x2, payload: quarter, fin: false)
        for _ in 0..<2 { _ = await within.send(opcode: 0x0, payload: quarter, fin: false) }
        _ = await within.send(opcode: 0x0, payload: quarter)
        #expect(try await answersAPing(within))
    }

    /// The most bytes the kernel may hold for a connection whose page does not read: the largest send buffer it
    /// gives a socket, and the receive buffer it gives a new one (a socket that is not read from keeps it).
    static func kernelBufferBytes() -> Int {
        func sizes(_ name: String) -> [Int] {
            let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/\(name)", encoding: .utf8)) ?? ""
            return text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { Int($0) }
        }
        let send = sizes("tcp_wmem"), receive = sizes("tcp_rmem")
        return (send.count == 3 ? send[2] : 4 * 1024 * 1024) + (receive.count == 3 ? receive[1] : 128 * 1024)
    }

    @Test func aFloodOfSmallPingsFromAPageThatDoesNotReadIsDroppedAtTheBacklogsMemory() async throws {
        let running = try await startDesktop()
        defer { Task { await running.stop() } }
        let limit = running.desktop.limits.maxPageBacklogBytes
        // The page keeps the kernel's own receive buffer. With one shrunk to 4 KB, a run on a loaded machine spent
        // some 15.4 minutes before its wait for the drop, about the kernel's retransmission timeout, and the desktop
        // never dropped the page.
        let page = try await page(running)
        // Each pong is 127 bytes on the wire, and costs the desktop some 900 bytes while it waits. Past what the
        // kernel holds, pongs of twice the limit's bytes at 900 bytes each must drop the page; counted by their bytes
        // alone, they would be a quarter of the limit.
        let pingsForTheKernel = Self.kernelBufferBytes() / 127
        let pings = pingsForTheKernel + 2 * limit / 900
        let payload = [UInt8](repeating: 0x61, count: 125)
        var sent = 0
        var writeFailed = false
        while sent < pings, running.desktop.statistics.droppedPages == 0 {
            guard await page.send(opcode: 0x9, payload: payload, times: 500) else {
                writeFailed = true
                break
            }
            sent += 500
        }
        let desktop = running.desktop
        let dropped = await eventually { desktop.statistics.droppedPages == 1 }
        #expect(dropped, "\(sent) of \(pings) pings sent; \(writeFailed ? "a write waited past its deadline" : "")")
        #expect(sent <= pings + 500)
        #expect(try await running.pageIsAnswered())
    }
}
