import Foundation
import Logging
import Switchyard
import SwitchyardLogging
import Testing

/// A swift-log handler that keeps every message it receives, for tests.
struct RecordingLogHandler: LogHandler {
    final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [(level: Logger.Level, message: String, metadata: Logger.Metadata)] = []

        func append(_ level: Logger.Level, _ message: String, _ metadata: Logger.Metadata) {
            lock.lock()
            events.append((level, message, metadata))
            lock.unlock()
        }

        var messages: [(level: Logger.Level, message: String, metadata: Logger.Metadata)] {
            lock.lock()
            defer { lock.unlock() }
            return events
        }
    }

    let storage: Storage
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        storage.append(event.level, event.message.description, event.metadata ?? [:])
    }
}

enum DoorAction: Sendable { case open, close }

/// A state that the test changes between `handle` and the IO, as the reducer would.
final class StateBox: @unchecked Sendable {
    var value: [String]
    init(_ value: [String]) { self.value = value }
}

@Suite struct LogSinkLoggerTests {
    let source = ActionSource(file: "Door/Door.swift", function: "open()", line: 4, info: nil)

    func logger(level: Logger.Level, storage: RecordingLogHandler.Storage) -> Logger {
        var logger = Logger(label: "switchyard.tests") { _ in RecordingLogHandler(storage: storage) }
        logger.logLevel = level
        return logger
    }

    @Test func sendsEachActionAsOneRecordWithItsSourceAsMetadataAtTheChosenLevel() {
        let storage = RecordingLogHandler.Storage()
        let middleware = LoggerMiddleware<DoorAction, Void>(
            sink: .logger(logger(level: .trace, storage: storage), level: .debug))
        middleware.handle(action: .open, from: source, state: {}).run(AnyActionHandler { _ in })
        #expect(storage.messages.map(\.level) == [.debug])
        #expect(storage.messages.map(\.message) == ["open"])
        #expect(
            storage.messages.first?.metadata == [
                "action": "open", "file": "Door/Door.swift", "line": "4", "function": "open()",
            ])
    }

    @Test func theRecordCarriesTheInfoAndTheStatesChangedLines() {
        let storage = RecordingLogHandler.Storage()
        let middleware = LoggerMiddleware<DoorAction, [String]>(
            stateDiff: true,
            sink: .logger(logger(level: .trace, storage: storage)))
        let sourceWithInfo = ActionSource(file: "Door/Door.swift", function: "open()", line: 4, info: "tapped")
        let box = StateBox(["closed"])
        let io = middleware.handle(action: .open, from: sourceWithInfo, state: { box.value })
        box.value = ["open"]  // the reducer's change
        io.run(AnyActionHandler { _ in })
        let metadata = storage.messages.first?.metadata ?? [:]
        #expect(metadata["info"] == "tapped")
        #expect(metadata["state"] == .array([#"-   - "closed""#, #"+   - "open""#]))
    }

    @Test func defaultLevelIsInfo() {
        let storage = RecordingLogHandler.Storage()
        LogSink.logger(logger(level: .trace, storage: storage)).write("entry")
        #expect(storage.messages.map(\.level) == [.info])
    }

    @Test func entriesBelowLoggersLevelAreDropped() {
        let storage = RecordingLogHandler.Storage()
        let sink = LogSink.logger(logger(level: .warning, storage: storage), level: .debug)
        sink.write("dropped")
        #expect(storage.messages.isEmpty)
    }
}
