import Switchyard
import Testing

@Suite struct EffectScopeProviderTests {
    enum Action: Equatable, Sendable {
        case listen, local(Local)
    }

    enum Local: Equatable, Sendable { case pong }

    /// Generic code that knows its handler only as `some ActionHandler`, as a helper shared between modules is
    /// written: it adapts the handler with `contramap` and runs an effect through it.
    static func startPinging(through handler: some ActionHandler<Action>, cancelled: Events<Int>) {
        IO<Local>.run(id: "pinger") { output in
            output.dispatch(.pong)
            await suspendUntilCancelled { cancelled.send(1) }
        }
        .run(handler.contramap(Action.local))
    }

    @Test func effectsRunThroughAGenericContramapBelongToTheStore() async throws {
        let seen = Events<Action>()
        let cancelled = Events<Int>()
        let pinging = AnyMiddleware<Action, Action, Int> { action, _, _ in
            guard action == .listen else { return .pure() }
            return IO { output in Self.startPinging(through: output, cancelled: cancelled) }
        }
        var store: Store<Action, Int>? = Store(
            initialState: 0,
            reducer: Reducer { _, _ in },
            middleware: seen.recordingMiddleware() <> pinging
        )
        var actions = seen.makeReader()
        var cancellations = cancelled.makeReader()
        store?.dispatch(.listen)
        #expect(await actions.next() == .listen)
        #expect(await actions.next() == .local(.pong))
        try #require(store?.effects.runningEffects.map(\.id) == [EffectID("pinger")])

        store = nil
        #expect(await cancellations.next() == 1)
    }

    @Test func aStoreErasedToAnActionHandlerKeepsItsEffectScope() {
        let store = Store<Action, Int>(initialState: 0, reducer: Reducer { _, _ in })
        #expect(AnyActionHandler(store).effectScope === store.effects)
        #expect(AnyActionHandler(store).effectScope === store.effects)
        #expect(store.contramap(Action.local).effectScope === store.effects)
    }

    @Test func effectsRunThroughAStoreUsedAsAnActionHandlerBelongToIt() async throws {
        let cancelled = Events<Int>()
        let store = Store<Action, Int>(initialState: 0, reducer: Reducer { _, _ in })
        var cancellations = cancelled.makeReader()
        Self.startPinging(through: store, cancelled: cancelled)
        try #require(store.effects.runningEffects.map(\.id) == [EffectID("pinger")])

        IO<Action>.cancel(id: "pinger").run(store)
        #expect(await cancellations.next() == 1)
    }
}
