import Foundation
import SwitchyardCombineRex
import SwitchyardTestSupport
import Testing

/// An app written the SwiftRex 0.8 way, with `import SwitchyardCombineRex` alone: an effect middleware lifted into
/// the app, composed with `<>`, in a store.
@Suite struct EffectMiddlewareStoreTests {
    enum AppAction: Equatable {
        case counter(CounterAction)
        case log(String)

        var counter: CounterAction? {
            if case .counter(let action) = self { return action } else { return nil }
        }
    }

    enum CounterAction: Equatable {
        case increment
        case incrementLater
        case cancelLater
    }

    struct AppState: Equatable {
        var count = 0
        var log: [String] = []
    }

    static func counterMiddleware(
        delay: PassthroughSubject<Void, Never>
    ) -> MiddlewareReader<
        PassthroughSubject<Void, Never>,
        SymmetricalEffectMiddleware<CounterAction, Int, PassthroughSubject<Void, Never>>
    > {
        SymmetricalEffectMiddleware<CounterAction, Int, PassthroughSubject<Void, Never>>.onAction { action, _, _ in
            switch action {
            case .incrementLater:
                return Effect(token: "later") { context in
                    context.dependencies.map { DispatchedAction(CounterAction.increment) }
                }
            case .cancelLater: return .toCancel("later")
            case .increment: return .doNothing
            }
        }
    }

    @Test func effectsOfALiftedMiddlewareReachTheReducerAndAreCancelled() {
        let delay = PassthroughSubject<Void, Never>()
        let counter = Self.counterMiddleware(delay: delay).inject(delay)
            .lift(inputAction: \AppAction.counter, outputAction: AppAction.counter, state: \AppState.count)
        let logger = SimpleEffectMiddleware<AppAction, AppState>.onAction { action, _, state in
            guard case .counter(let counterAction) = action else { return .doNothing }
            return .just(.log("\(counterAction) at \(state().count)"))
        }
        let store = ReduxStoreBase<AppAction, AppState>(
            subject: .combine(initialValue: AppState()),
            reducer: Reducer<AppAction, AppState>.reduce { action, state in
                switch action {
                case .counter(.increment): state.count += 1
                case .counter: break
                case .log(let line): state.log.append(line)
                }
            },
            middleware: counter <> logger,
            scheduling: .callerThread
        )
        store.dispatch(.counter(.incrementLater))
        delay.send()
        delay.send()
        store.dispatch(.counter(.cancelLater))
        delay.send()
        #expect(eventuallyBlocking { store.state.count == 2 })
        #expect(store.state.count == 2)
        #expect(store.state.log.first == "incrementLater at 0")
    }
}

/// The guide's effect middleware searches, and a cancel stops the search in flight.
@Suite struct MigratingFromSwiftRexEffectTests {
    @Test func theGuidesSearchMiddlewareDispatchesResultsAndIsCancelled() {
        let pending = PassthroughSubject<[String], Never>()
        let store = ReduxStoreBase<SearchAction, SearchState>(
            subject: .combine(initialValue: SearchState()),
            reducer: Reducer<SearchAction, SearchState>.reduce { action, state in
                if case .results(let results) = action { state.results = results }
            },
            middleware: searchMiddleware.inject({ query in
                query == "later"
                    ? pending.eraseToAnyPublisher() : Just(["\(query) 1", "\(query) 2"]).eraseToAnyPublisher()
            }),
            scheduling: .callerThread
        )
        store.dispatch(.search("swift"))
        #expect(eventuallyBlocking { store.state.results == ["swift 1", "swift 2"] })
        store.dispatch(.search("later"))
        store.dispatch(.cancel)
        pending.send(["too late"])
        #expect(store.state.results == ["swift 1", "swift 2"])
    }
}

/// CombineRex apps made their store on a Combine `CurrentValueSubject`, writing the subject as `.init(…)`.
@Suite struct CurrentValueSubjectStoreTests {
    @Test func aStoreMadeOnACurrentValueSubjectStartsFromItAndSendsItEachState() {
        let subject = CurrentValueSubject<Int, Never>(5)
        let store = ReduxStoreBase<Int, Int>(
            subject: .init(currentValueSubject: subject),
            reducer: .reduce { action, state in state += action },
            middleware: IdentityMiddleware(),
            scheduling: .callerThread
        )
        #expect(store.state == 5)
        store.dispatch(2)
        #expect(store.state == 7)
        #expect(subject.value == 7)
    }
}
