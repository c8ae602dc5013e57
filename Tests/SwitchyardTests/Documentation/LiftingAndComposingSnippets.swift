import Switchyard

// The code of LiftingAndComposing.md, compiled. DocumentationTests checks that every Swift block of the article
// appears here verbatim (leading whitespace and blank lines aside). The `@CasePathable` block is the bridge example's
// `AppAction` (Examples/Sources/BridgeExample/AppAction.swift), compiled with the examples.

enum LiftingAndComposingSnippets {
    /// The library's logger (the test target has a `LoggerMiddleware` of its own, the documented sample).
    typealias LoggerMiddleware<Action, State> = Switchyard.LoggerMiddleware<Action, State>

    enum CounterAction: Sendable, Equatable {
        case increment
        case reachedTen
    }

    struct CounterState: Sendable, Equatable {
        var count = 0
    }

    struct CounterMiddleware: MiddlewareProtocol {
        func handle(
            action: CounterAction,
            from dispatcher: ActionSource,
            state: @escaping GetState<CounterState>
        ) -> IO<CounterAction> {
            guard action == .increment else { return .pure() }
            return IO { output in
                if state().count == 10 { output.dispatch(.reachedTen) }
            }
        }
    }

    enum SettingsAction: Sendable, Equatable {
        case toggleSound
    }

    enum AppAction: Sendable, Equatable {
        case counter(CounterAction)
        case settings(SettingsAction)

        var counter: CounterAction? {
            guard case .counter(let action) = self else { return nil }
            return action
        }

        var settings: SettingsAction? {
            guard case .settings(let action) = self else { return nil }
            return action
        }
    }

    struct AppState: Sendable, Equatable {
        var counter = CounterState()
        var soundOn = true
    }

    struct SoundMiddleware: MiddlewareProtocol {
        func handle(
            action: SettingsAction,
            from dispatcher: ActionSource,
            state: @escaping GetState<AppState>
        ) -> IO<AppAction> {
            .pure()
        }
    }

    struct MilestoneMiddleware: MiddlewareProtocol {
        func handle(
            action: AppAction,
            from dispatcher: ActionSource,
            state: @escaping GetState<CounterState>
        ) -> IO<AppAction> {
            .pure()
        }
    }

    struct Todo: Identifiable, Sendable, Equatable {
        let id: Int
        var title: String
        var isDone = false
    }

    enum TodoAction: Sendable, Equatable {
        case toggle
        case synced(isDone: Bool)
    }

    enum ListAction: Sendable, Equatable {
        case todo(ElementIDAction<Int, TodoAction>)
        case todoAt(ElementIndexAction<Int, TodoAction>)

        var todo: ElementIDAction<Int, TodoAction>? {
            guard case .todo(let action) = self else { return nil }
            return action
        }

        var todoAt: ElementIndexAction<Int, TodoAction>? {
            guard case .todoAt(let action) = self else { return nil }
            return action
        }
    }

    struct ListState: Sendable, Equatable {
        var todos: [Todo] = []
    }

    struct TodoMiddleware: MiddlewareProtocol {
        func handle(
            action: TodoAction,
            from dispatcher: ActionSource,
            state: @escaping GetState<Todo>
        ) -> IO<TodoAction> {
            guard action == .toggle else { return .pure() }
            return IO { output in output.dispatch(.synced(isDone: state().isDone)) }
        }
    }

    /// The article's app: lifted middlewares and reducers, composed.
    static func appStore() -> Store<AppAction, AppState> {
        let appCounterMiddleware = CounterMiddleware().lift(
            inputAction: \AppAction.counter,
            outputAction: AppAction.counter,
            state: \AppState.counter
        )

        let appSoundMiddleware = SoundMiddleware().lift(inputAction: \AppAction.settings)
        let appMilestoneMiddleware = MilestoneMiddleware().lift(state: \AppState.counter)

        let appMiddleware =
            LoggerMiddleware<AppAction, AppState>()
            <> appCounterMiddleware
            <> appSoundMiddleware
            <> appMilestoneMiddleware

        let counterReducer = Reducer<CounterAction, CounterState> { action, state in
            if action == .increment { state.count += 1 }
        }

        let soundReducer = Reducer<SettingsAction, Bool> { action, soundOn in
            if action == .toggleSound { soundOn.toggle() }
        }

        let appReducer =
            counterReducer.lift(action: \AppAction.counter, state: \AppState.counter)
            <> soundReducer.lift(action: \AppAction.settings, state: \AppState.soundOn)

        return Store(initialState: AppState(), reducer: appReducer, middleware: appMiddleware)
    }

    /// The article's erased composition, lifted and erased: a composition of its middlewares lifted.
    static func erasedComposition() -> AnyMiddleware<AppAction, AppAction, AppState> {
        let counters: AnyMiddleware<AppAction, AppAction, AppState> = (CounterMiddleware() <> CounterMiddleware())
            .eraseToAnyMiddleware()
            .lift(inputAction: \AppAction.counter, outputAction: AppAction.counter, state: \AppState.counter)
            .eraseToAnyMiddleware()  // a composition of two lifted middlewares
        return counters
    }

    /// The article's list: element middlewares and reducers lifted to the collection.
    static func listStore(todos: [Todo]) -> Store<ListAction, ListState> {
        let todoMiddleware =
            TodoMiddleware().liftToCollection(
                inputAction: \ListAction.todo,
                outputAction: ListAction.todo,
                state: \ListState.todos
            )
            <> TodoMiddleware().liftToCollection(
                inputAction: \ListAction.todoAt,
                outputAction: ListAction.todoAt,
                state: \ListState.todos
            )

        let todoReducer = Reducer<TodoAction, Todo> { action, todo in
            if action == .toggle { todo.isDone.toggle() }
        }

        let listReducer =
            todoReducer.liftToCollection(action: \ListAction.todo, stateCollection: \ListState.todos)
            <> todoReducer.liftToCollection(action: \ListAction.todoAt, stateCollection: \ListState.todos)

        return Store(initialState: ListState(todos: todos), reducer: listReducer, middleware: todoMiddleware)
    }
}
