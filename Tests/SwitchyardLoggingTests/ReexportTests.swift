import Switchyard
import SwitchyardLogging
import Testing

// This file does not import Logging: `Logger` comes with `import SwitchyardLogging`.

@Suite struct ReexportTests {
    @Test func importingSwitchyardLoggingIsEnoughToNameLogger() {
        let logger = Logger(label: "switchyard.reexport")
        let middleware = LoggerMiddleware<Int, Int>(sink: .logger(logger, level: Logger.Level.debug))
        #expect(middleware.stateDiff == false)
    }
}
