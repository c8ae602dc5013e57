import SwitchyardSwiftRex

// An app written the SwiftRex way, compiled in Swift 5 language mode: enums whose optional properties are what
// swift-case-paths' `@CasePathable @dynamicMemberLookup` generate, written by hand, and plain (not `Sendable`)
// function values such as enum case constructors.

enum LifecycleAction: Equatable {
    case didBecomeActive, didEnterBackground

    var didBecomeActive: Void? { self == .didBecomeActive ? () : nil }
    var didEnterBackground: Void? { self == .didEnterBackground ? () : nil }
}

enum ReachabilityAction: Equatable {
    case startMonitoring, stopMonitoring
}

enum PartAction: Equatable {
    case thisRequiredString(String)
}

enum AnotherAction: Equatable {
    case part(PartAction)
}

enum TreeAction: Equatable {
    case originalActionThatHasString(String)

    var originalActionThatHasString: String? {
        guard case .originalActionThatHasString(let string) = self else { return nil }
        return string
    }
}

enum CounterAction: Equatable {
    case increment, decrement, report(Int)
}

enum AppAction: Equatable {
    case lifecycle(LifecycleAction)
    case reachability(ReachabilityAction)
    case tree(TreeAction)
    case another(AnotherAction)
    case counter(CounterAction)

    var lifecycle: LifecycleAction? {
        guard case .lifecycle(let action) = self else { return nil }
        return action
    }

    var tree: TreeAction? {
        guard case .tree(let action) = self else { return nil }
        return action
    }

    var counter: CounterAction? {
        guard case .counter(let action) = self else { return nil }
        return action
    }
}

struct Settings: Equatable {
    var shouldUseReachability = true
}

struct AppState: Equatable {
    var settings = Settings()
    var count = 0
    var monitoring = false
}

let swiftRexAppReducer = Reducer<AppAction, AppState>.reduce { action, state in
    switch action {
    case .counter(.increment): state.count += 1
    case .counter(.decrement): state.count -= 1
    case .reachability(.startMonitoring): state.monitoring = true
    case .reachability(.stopMonitoring): state.monitoring = false
    default: break
    }
}

/// A SwiftRex 0.8 middleware: reads the state before the reducer, dispatches from its IO after it.
struct CounterReportMiddleware: MiddlewareProtocol {
    func handle(
        action: CounterAction, from dispatcher: ActionSource, state: @escaping GetState<Int>
    ) -> IO<CounterAction> {
        guard action != .report(0), case .increment = action else { return .pure() }
        let before = state()
        return IO { output in
            output.dispatch(.report(state() - before), info: "counted")
        }
    }
}

/// Records what it sees, for the tests.
final class Recorder<Action> {
    private(set) var actions: [Action] = []
    func record(_ action: Action) { actions.append(action) }
}
