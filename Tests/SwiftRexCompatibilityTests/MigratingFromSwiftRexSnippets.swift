import SwitchyardSwiftRex
import Testing

/// The migration guide's BridgeMiddleware blocks, compiled with the SwiftRex import.
enum MigratingFromSwiftRexSnippets {
    enum AppAction: Equatable, Sendable {
        case ping
        case pong

        var ping: Void? {
            guard case .ping = self else { return nil }
            return ()
        }
    }

    struct AppState: Sendable {}

    static func keptByTheInstance() -> Int {
        // BridgeMiddleware 0.1.3: the instance kept the bridge
        let middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
        _ = middleware.bridge(on: \AppAction.ping, dispatch: .pong)
        return middleware.count
    }

    static func keptAsTheResult() -> Int {
        // Switchyard: keep the result
        var middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
        middleware = middleware.bridge(on: \AppAction.ping, dispatch: .pong)
        return middleware.count
    }
}

@Suite struct MigratingFromSwiftRexSnippetTests {
    @Test func theGuidesTwoFormsKeepZeroAndOneBridge() {
        #expect(MigratingFromSwiftRexSnippets.keptByTheInstance() == 0)
        #expect(MigratingFromSwiftRexSnippets.keptAsTheResult() == 1)
    }
}
