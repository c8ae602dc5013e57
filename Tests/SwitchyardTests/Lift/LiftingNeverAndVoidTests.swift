import Switchyard
import Testing

/// Lifting middlewares that dispatch nothing or read no state with the seven lifts: the map they cannot use is a
/// closure from `Never`, or one that returns `()`.
@Suite struct LiftingNeverAndVoidTests {
    enum AppAction: Sendable, Equatable {
        case screen(String)
        case lifecycle(Lifecycle)
        case other

        var screen: String? {
            guard case .screen(let name) = self else { return nil }
            return name
        }

        var lifecycle: Lifecycle? {
            guard case .lifecycle(let action) = self else { return nil }
            return action
        }
    }

    enum Lifecycle: Sendable, Equatable {
        case start, started
    }

    struct AppState: Sendable, Equatable {
        var user = "ada"
    }

    /// Dispatches nothing, reads no state: records the screens shown.
    struct ScreenTracker: MiddlewareProtocol {
        let seen: Recorder<String>

        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Void>) -> IO<Never> {
            seen.append(DispatchedAction(action, dispatcher: dispatcher))
            return .pure()
        }
    }

    /// Dispatches nothing, reads the user.
    struct UserTracker: MiddlewareProtocol {
        let seen: Recorder<String>

        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<String>) -> IO<Never> {
            seen.append(DispatchedAction("\(state()) saw \(action)", dispatcher: dispatcher))
            return .pure()
        }
    }

    /// Reads no state, answers `start` with `started`.
    struct LifecycleMiddleware: MiddlewareProtocol {
        func handle(action: Lifecycle, from dispatcher: ActionSource, state: @escaping GetState<Void>) -> IO<Lifecycle>
        {
            guard action == .start else { return .pure() }
            return IO { output in output.dispatch(.started) }
        }
    }

    private func store<M: MiddlewareProtocol & Sendable>(_ middleware: M) -> Store<AppAction, AppState>
    where M.InputActionType == AppAction, M.OutputActionType == AppAction, M.StateType == AppState {
        Store(initialState: AppState(), reducer: Reducer { _, _ in }, middleware: middleware)
    }

    @Test func aMiddlewareThatDispatchesNothingAndReadsNoStateIsLiftedWithAMapFromNeverAndAnEmptyState() {
        let seen = Recorder<String>()
        let tracker: LiftMiddleware<AppAction, AppAction, AppState, ScreenTracker> = ScreenTracker(seen: seen)
            .lift(
                inputAction: \AppAction.screen,
                outputAction: { (never: Never) -> AppAction in },
                state: { (_: AppState) in () }
            )
        let store = store(tracker)
        store.dispatch(.screen("home"))
        store.dispatch(.other)
        #expect(seen.values.map(\.action) == ["home"])
    }

    @Test func aMiddlewareThatDispatchesNothingIsLiftedWithAMapFromNever() {
        let seen = Recorder<String>()
        let store = store(
            UserTracker(seen: seen).lift(
                inputAction: \AppAction.screen,
                outputAction: { (never: Never) -> AppAction in },
                state: \AppState.user
            )
                <> IdentityMiddleware<AppAction, AppAction, AppState>()
        )
        store.dispatch(.screen("cart"))
        #expect(seen.values.map(\.action) == ["ada saw cart"])
    }

    @Test func aMiddlewareThatReadsNoStateIsLiftedWithAnEmptyState() {
        let seen = Recorder<AppAction>()
        let store = store(
            IdentityMiddleware<AppAction, AppAction, AppState>()
                <> LifecycleMiddleware().lift(
                    inputAction: \AppAction.lifecycle,
                    outputAction: AppAction.lifecycle,
                    state: { (_: AppState) in () }
                )
        )
        let registration = store.runtimeMiddlewares.add(
            AnyMiddleware { action, source, _ in
                seen.append(DispatchedAction(action, dispatcher: source))
                return .pure()
            })
        store.dispatch(.lifecycle(.start))
        registration.remove()
        #expect(seen.values.map(\.action) == [.lifecycle(.start), .lifecycle(.started)])
    }
}
