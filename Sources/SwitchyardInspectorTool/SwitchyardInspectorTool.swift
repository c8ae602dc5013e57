import ArgumentParser
import Foundation
import SwitchyardInspectorDesktop

/// `switchyard-inspector`: the desktop inspector, which apps connect to and the browser shows.
@main
struct SwitchyardInspectorTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard-inspector",
        abstract: "The Switchyard inspector on your computer: apps connect to it, your browser shows them.",
        subcommands: [Serve.self],
        defaultSubcommand: Serve.self
    )
}

/// Serves the page and accepts the apps' connections until interrupted.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serves the inspector's page and accepts the apps' connections (the default).")

    @Option(help: "The address to listen on; 0.0.0.0 accepts apps on other devices of your network.")
    var host = "127.0.0.1"

    @Option(help: "The port for pages and apps; 0 for a free one.")
    var port = 47_100

    @Option(help: "The code apps must give to connect; a random one by default.")
    var pairingCode: String?

    @Option(help: "The page's access token; a random one by default.")
    var token: String?

    func run() async throws {
        let desktop = try await DesktopInspector.start(
            host: host,
            port: port,
            token: token ?? DesktopInspector.makeToken(),
            pairingCode: pairingCode ?? DesktopInspector.makePairingCode()
        )
        let lines = [
            "Switchyard inspector",
            "  Page:  \(desktop.pageURL)",
            "  Apps:  SWITCHYARD_INSPECTOR=\(desktop.appAddress.address)",
            "", "Stop it with Ctrl-C.", "",
        ]
        FileHandle.standardOutput.write(Data(lines.joined(separator: "\n").utf8))
        await Interruption.wait()
        print("Stopping.")
        await desktop.stop()
    }
}

/// Waits for SIGINT or SIGTERM.
final class Interruption: @unchecked Sendable {
    // Set once, before the sources start; read by their handlers on `queue` only.
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var continuation: CheckedContinuation<Void, Never>?

    static func wait() async {
        let interruption = Interruption()
        await withCheckedContinuation { interruption.start($0) }
    }

    private func start(_ continuation: CheckedContinuation<Void, Never>) {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let queue = DispatchQueue(label: "switchyard-inspector.signals")
        lock.lock()
        self.continuation = continuation
        sources = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
        for source in sources {
            source.setEventHandler { [self] in resume() }
            source.resume()
        }
        lock.unlock()
    }

    private func resume() {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume()
    }
}
