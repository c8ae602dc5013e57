import Switchyard

// The code of RuntimeMiddlewares.md, compiled. DocumentationTests checks that every Swift block of the article
// appears here verbatim (leading whitespace and blank lines aside). The two-module example's blocks are the
// injection example's own code (Examples/Sources/CounterState, Examples/Sources/InjectionExample), compiled with the
// examples.

enum RuntimeMiddlewaresSnippets {
    /// The library's logger (the test target has a `LoggerMiddleware` of its own, the documented sample).
    typealias LoggerMiddleware<Action, State> = Switchyard.LoggerMiddleware<Action, State>

    enum ShopAction: Sendable, Equatable {
        case add(String)
        case saved(itemCount: Int)
        case note(String)

        var added: String? {
            guard case .add(let item) = self else { return nil }
            return item
        }
    }

    struct ShopState: Sendable, Equatable {
        var items: [String] = []
        var saves = 0
    }

    static let shopReducer = Reducer<ShopAction, ShopState> { action, state in
        switch action {
        case .add(let item): state.items.append(item)
        case .saved: state.saves += 1
        case .note: break
        }
    }

    struct FirstItemMiddleware: MiddlewareProtocol {
        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
            IO { output in
                if state() == 1 { output.dispatch("first item: \(action)") }
            }
        }
    }

    protocol ShopEvent: Sendable {}

    struct Purchase: ShopEvent {
        let item: String
    }

    struct Refund: ShopEvent {
        let item: String
    }

    /// Adds the article's four registrations to `store`.
    static func register(on store: Store<ShopAction, ShopState>) -> [RuntimeMiddlewareRegistration] {
        // Before the reducer, for the actions an extractor picks.
        let audit = store.runtimeMiddlewares.addBeforeReducer(extract: \ShopAction.added) { item, source in
            print("adding \(item), requested at \(source.file):\(source.line)")
        }

        // After the reducer, with the new state and an output to dispatch.
        let saver = store.runtimeMiddlewares.addAfterReducer(extract: \ShopAction.added) { _, _, state, output in
            output.dispatch(.saved(itemCount: state.items.count), info: "saver")
        }

        // A whole middleware written for the store's types.
        let logger = store.runtimeMiddlewares.add(LoggerMiddleware<ShopAction, ShopState>())

        // A middleware written for other types, with the maps of lift(inputAction:outputAction:state:).
        let firstItem = store.runtimeMiddlewares.add(
            FirstItemMiddleware(),
            inputAction: \ShopAction.added,
            outputAction: ShopAction.note,
            state: \ShopState.items.count
        )

        return [audit, saver, logger, firstItem]
    }

    /// The article's protocol-typed store, with its registration.
    static func eventStore() -> (store: Store<any ShopEvent, Int>, registration: RuntimeMiddlewareRegistration) {
        let events = Store(
            initialState: 0,
            reducer: Reducer<any ShopEvent, Int> { event, purchases in
                if event is Purchase { purchases += 1 }
            }
        )
        let purchases = events.runtimeMiddlewares.addBeforeReducer { (purchase: Purchase) in
            print("purchase of \(purchase.item)")
        }

        return (events, purchases)
    }
}
