import SwitchyardSwiftRex
import Testing

/// BridgeMiddleware 0.1.3's bridge spellings and SwiftRex's reader spellings, in Swift 6 language mode.
@Suite struct SpellingsSwift6Tests {
    enum Action: Sendable, Equatable {
        case ping, pong
        case text(String)

        var ping: Void? { self == .ping ? () : nil }
        var text: String? {
            guard case .text(let text) = self else { return nil }
            return text
        }
    }

    static let reducer = Reducer<Action, Int> { action, state in
        if action == .pong { state += 1 }
    }

    /// The actions a store with `middleware` ends up processing for `action`.
    private func run(_ middleware: BridgeMiddleware<Action, Action, Int>, _ action: Action) -> [Action] {
        let store = Store(initialState: 0, reducer: Self.reducer, middleware: middleware)
        let seen = LockedList()
        let registration = store.runtimeMiddlewares.add(
            AnyMiddleware<Action, Action, Int> { action, _, _ in
                seen.append(action)
                return .pure()
            })
        store.dispatch(action)
        registration.remove()
        return seen.values
    }

    @Test func bridgeMiddlewaresOwnSpellingsCompileAndBridge() {
        let middleware = BridgeMiddleware<Action, Action, Int>()
            .bridge(on: \Action.ping, dispatch: .pong)
            .bridge(on: \Action.text, dispatch: { $0 == "go" ? Action.pong : nil })
            .bridge({ action in action == .pong ? nil : nil })
            .bridgeWithState { action, getState in action == .pong && getState() == 1 ? .text("once") : nil }
        #expect(run(middleware, .ping) == [.ping, .pong, .text("once")])
        #expect(run(middleware, .text("go")) == [.text("go"), .pong, .text("once")])
        #expect(run(middleware, .text("stay")) == [.text("stay")])
        ignore(middleware.count)
    }

    @Test func readerSpellingsCompile() {
        let reader = MiddlewareReader { (_: Int) in IdentityMiddleware<Action, Action, Int>() }
        let fromWorld: MiddlewareReader<String, IdentityMiddleware<Action, Action, Int>> = reader.lift(
            dependencies: { (world: String) in world.count })
        #expect(fromWorld.inject("abc") == IdentityMiddleware())
        let identity = MiddlewareReader<Int, IdentityMiddleware<Action, Action, Int>>.identity
        #expect(identity.inject(1) == IdentityMiddleware())
    }
}

/// A list appended to from the store's processing thread.
final class LockedList: Sendable {
    private let storage = LockedValue<[SpellingsSwift6Tests.Action]>([])

    func append(_ action: SpellingsSwift6Tests.Action) { storage.withLock { $0.append(action) } }
    var values: [SpellingsSwift6Tests.Action] { storage.withLock { $0 } }
}
