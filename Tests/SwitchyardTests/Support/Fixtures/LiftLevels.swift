/// Three levels of an app's types, for the tests of lifts: a feature (`Mid`), a part of the app that holds it
/// (`Top`), and the app (`App`). Each level's action has a case that is not for the level below it.
enum LiftLevels {
    enum Mid: Equatable, Sendable {
        case text(String)
        case noise

        var text: String? {
            guard case let .text(value) = self else { return nil }
            return value
        }
    }

    struct MidState: Equatable, Sendable {
        var count = 0
        var log: [String] = []
    }

    enum Top: Equatable, Sendable {
        case mid(Mid)
        case other

        var mid: Mid? {
            guard case let .mid(value) = self else { return nil }
            return value
        }
    }

    struct TopState: Equatable, Sendable {
        var mid = MidState()
        var unrelated = "x"
    }

    enum App: Equatable, Sendable {
        case top(Top)
        case quit

        var top: Top? {
            guard case let .top(value) = self else { return nil }
            return value
        }
    }

    struct AppState: Equatable, Sendable {
        var top = TopState()
        var title = "app"
    }
}
