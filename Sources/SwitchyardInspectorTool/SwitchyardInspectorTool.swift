import ArgumentParser
import Foundation
import SwitchyardInspectorDesktop

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `switchyard-inspector`: the desktop inspector, which apps connect to and the browser shows.
@main
struct SwitchyardInspectorTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard-inspector",
        abstract: "The Switchyard inspector on your computer: apps connect to it, your browser shows them.",
        subcommands: [Serve.self, ExportTest.self],
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
            token: token,
            pairingCode: pairingCode
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

/// Turns a persisted store's journal into a `TestStore` test, with the types and reducer of a connected app.
struct ExportTest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-test",
        abstract: "Turns a persistence journal (a closed file) into a TestStore test.",
        discussion: """
            The journal is sent to an app connected to a running desktop inspector, whose store has the journal's \
            action and state types and which called readsJournals(with:) on its inspector: it replays the actions \
            through its reducer and writes the test. --store-page is that store's page address, as the page shows \
            it (http://127.0.0.1:PORT/stores/ID/#token=TOKEN).
            """
    )

    @Argument(help: "The journal file: a persisted store's SQLite file, closed (no -wal file beside it).")
    var journal: String

    @Option(help: "The page address of a connected store with the journal's types, with its #token=.")
    var storePage: String

    @Option(help: "The test function's name.")
    var name = "replaysJournal"

    @Option(help: "The expression that gives the app's reducer in the test.")
    var reducer = "appReducer"

    @Option(help: "Modules the test imports besides Testing, SwitchyardTesting and the app's module, comma-separated.")
    var imports = ""

    @Option(name: .shortAndLong, help: "Where to write the test; the standard output by default.")
    var output: String?

    func run() async throws {
        let url = URL(fileURLWithPath: journal)
        if FileManager.default.fileExists(atPath: url.path + "-wal") {
            throw ValidationError(
                "\(journal)-wal exists: the app that writes this journal is still running, or was killed. Close it "
                    + "(or open and close the file once) so that the file holds every action.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ValidationError("The journal cannot be read: \(error.localizedDescription)")
        }
        guard let hash = storePage.range(of: "#token=") else {
            throw ValidationError("--store-page has no #token=: copy the address from the page.")
        }
        let token = String(storePage[hash.upperBound...])
        var base = String(storePage[..<hash.lowerBound])
        if !base.hasSuffix("/") { base += "/" }
        var components = URLComponents(string: base + "api/journal/test")
        components?.queryItems = [
            URLQueryItem(name: "name", value: name), URLQueryItem(name: "reducer", value: reducer),
            URLQueryItem(name: "imports", value: imports),
        ]
        guard let endpoint = components?.url else { throw ValidationError("--store-page is not an address.") }
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue(token, forHTTPHeaderField: "X-Inspector-Token")
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        request.httpBody = data
        request.timeoutInterval = 300
        let (body, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            let message =
                (try? JSONDecoder().decode([String: String].self, from: body))?["error"]
                ?? String(decoding: body, as: UTF8.self)
            throw ExportFailure(description: "The desktop inspector answered \(status): \(message)")
        }
        if let output {
            try body.write(to: URL(fileURLWithPath: output))
            FileHandle.standardError.write(Data("Wrote \(output) (\(body.count) bytes).\n".utf8))
        } else {
            FileHandle.standardOutput.write(body)
        }
    }
}

/// Why a journal was not exported.
struct ExportFailure: Error, CustomStringConvertible {
    var description: String
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
