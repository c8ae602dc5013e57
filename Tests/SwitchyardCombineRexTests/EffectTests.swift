import Foundation
import SwitchyardCombineRex
import Testing

/// `Effect` and `FireAndForget` as CombineRex defines them.
@Suite struct EffectTests {
    /// Runs `effect` with no dependencies and a `toCancel` that records its tokens; returns what it published.
    func values<Output>(of effect: Effect<Void, Output>, cancelled: Collected<AnyHashable>? = nil) -> [Output]? {
        guard
            let publisher = effect.run(
                (dependencies: (), toCancel: { token in FireAndForget { cancelled?.append(token) } }))
        else { return nil }
        var received: [Output] = []
        _ = publisher.sink { received.append($0.action) }
        return received
    }

    @Test func anEffectKeepsItsTokenAndPublishesItsActions() {
        let effect = Effect<Void, Int>(token: "token") { _ in [1, 2, 3].map { DispatchedAction($0) }.publisher }
        #expect(effect.token == AnyHashable("token"))
        #expect(effect.doesSomething)
        #expect(values(of: effect) == [1, 2, 3])
        let plain = Effect<Void, Int>([5].map { DispatchedAction($0) }.publisher)
        #expect(plain.token == AnyHashable?.none)
        #expect(values(of: plain) == [5])
    }

    @Test func doNothingMakesNoPublisher() {
        let effect = Effect<Void, Int>.doNothing
        #expect(!effect.doesSomething)
        #expect(values(of: effect) == nil)
        #expect(values(of: effect.map { $0 + 1 }) == nil)
    }

    @Test func justSequencePromiseAndAsEffect() {
        #expect(values(of: Effect<Void, Int>.just(1)) == [1])
        #expect(values(of: Effect<Void, Int>.sequence(1, 2, 3)) == [1, 2, 3])
        #expect(values(of: Effect<Void, Int>.sequence([4, 5])) == [4, 5])
        #expect(values(of: Effect<Void, Int>.promise(token: "p") { _, complete in complete(8) }) == [8])
        #expect(values(of: Just(13).asEffect(token: "t")) == [13])
        #expect(Just(13).asEffect(token: "t").token == AnyHashable("t"))
        #expect(values(of: Effect<Void, Int>.just { _ in 21 }) == [21])
    }

    @Test func mapTransformsTheActionsAndKeepsTheirSourcesAndTheToken() {
        let source = ActionSource(file: "A.swift", function: "f()", line: 1, info: nil)
        let effect = Effect<Void, Int>.just(2, from: source).map { "\($0 * 10)" }
        #expect(effect.token == AnyHashable?.none)
        var received: [DispatchedAction<String>] = []
        _ = effect.run((dependencies: (), toCancel: { _ in FireAndForget {} }))?.sink { received.append($0) }
        #expect(received.map(\.action) == ["20"])
        #expect(received.first?.dispatcher == source)
        let tokened = Effect<Void, Int>(token: 3) { _ in Just(DispatchedAction(1)) }.map { $0 + 1 }
        #expect(tokened.token == AnyHashable(3))
    }

    @Test func toCancelAsksTheContextToCancelItsToken() {
        let cancelled = Collected<AnyHashable>()
        #expect(values(of: Effect<Void, Int>.toCancel("search"), cancelled: cancelled) == [])
        #expect(cancelled.values == [AnyHashable("search")])
    }

    @Test func ignoringDependenciesRunsTheSameEffectWithAnyDependencies() {
        let effect: Effect<String, Int> = Effect<Void, Int>.just(1).ignoringDependencies()
        var received: [Int] = []
        _ = effect.run((dependencies: "unused", toCancel: { _ in FireAndForget {} }))?.sink {
            received.append($0.action)
        }
        #expect(received == [1])
    }

    @Test func fireAndForgetRunsItsWorkOnceAndPublishesNothing() {
        let runs = Collected<String>()
        #expect(values(of: Effect<Void, Int>.fireAndForget { runs.append("closure") }) == [])
        #expect(
            values(
                of: Effect<Void, Int>.fireAndForget(
                    Just(1).handleEvents(receiveOutput: { _ in runs.append("publisher") }))) == [])
        #expect(runs.values == ["closure", "publisher"])
    }

    struct Failure: Error {}

    @Test func fireAndForgetTurnsAFailureIntoWhatCatchErrorsReturns() {
        let failing = Fail<Int, Failure>(error: Failure())
        let caught = Effect<Void, String>.fireAndForget(failing, catchErrors: { _ in DispatchedAction("caught") })
        #expect(values(of: caught) == ["caught"])
        let ignored = Effect<Void, String>.fireAndForget(failing, catchErrors: { _ in nil })
        #expect(values(of: ignored) == [])
        let succeeding = Effect<Void, String>.fireAndForget(
            Just(1).setFailureType(to: Failure.self), catchErrors: { _ in DispatchedAction("caught") })
        #expect(values(of: succeeding) == [])
    }
}
