import Foundation
import Logging
import Switchyard
import SwitchyardLogging
import Testing

/// A swift-log handler that keeps every message it receives, for tests.
struct RecordingLogHandler: LogHandler {
    final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [(level: Logger.Level, message: String)] = []

        func append(_ level: Logger.Level, _ message: String) {
            lock.lock()
            events.append((level, message))
            lock.unlock()
        }

        var messages: [(level: Logger.Level, message: String)] {
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
        storage.append(event.level, event.message.description)
    }
}

enum DoorAction: Sendable { case open, close }

@Suite struct LogSinkLoggerTests {
    let source = ActionSource(file: "Door/Door.swift", function: "open()", line: 4, info: nil)

    func logger(level: Logger.Level, storage: RecordingLogHandler.Storage) -> Logger {
        var logger = Logger(label: "switchyard.tests") { _ in RecordingLogHandler(storage: storage) }
        logger.logLevel = level
        return logger
    }

    @Test func writesEachEntryAsOneMessageAtChosenLevel() {
        let storage = RecordingLogHandler.Storage()
        let middleware = LoggerMiddleware<DoorAction, Void>(
            sink: .logger(logger(level: .trace, storage: storage), level: .debug))
        middleware.handle(action: .open, from: source, state: {}).run(AnyActionHandler { _ in })
        #expect(storage.messages.map(\.level) == [.debug])
        #expect(
            storage.messages.map(\.message) == [
                """
                ┌─▶ open
                │ source: Door/Door.swift:4
                │ function: open()
                │ info: <nil>
                └────────────────────
                """
            ])
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
