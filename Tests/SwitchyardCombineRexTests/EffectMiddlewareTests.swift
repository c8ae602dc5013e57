import Foundation
import SwitchyardCombineRex
import SwitchyardTestSupport
import Testing

@testable import SwitchyardCombineRex

/// `EffectMiddleware` behaves as CombineRex's: its effect is made when the IO runs, its actions are dispatched with
/// their sources, tokens cancel and replace, and the effects it keeps are let go of when they end.
@Suite struct EffectMiddlewareTests {
    @Test func theEffectIsMadeWhenTheIORunsWithTheActionTheStateAndTheDependencies() {
        let seen = Collected<String>()
        var dependency = "d0"
        let sut = EffectMiddleware<String, String, String, () -> String>.onAction { action, _, state in
            .fireAndForget { context in seen.append("\(action) \(state()) \(context.dependencies())") }
        }.inject({ dependency })
        let dispatched = Collected<DispatchedAction<String>>()
        let io = sut.handle(action: "a0", from: .here(), state: { "s0" })
        #expect(seen.values.isEmpty)
        io.run(recordingOutput(dispatched))
        dependency = "d1"
        sut.handle(action: "a1", from: .here(), state: { "s1" }).run(recordingOutput(dispatched))
        #expect(seen.values == ["a0 s0 d0", "a1 s1 d1"])
        #expect(dispatched.values.isEmpty)
        #expect(sut.runningCount == 0)
    }

    @Test func theEffectsActionsAreDispatchedInOrderWithTheirSources() throws {
        let source = ActionSource(file: "Search.swift", function: "search()", line: 7, info: "typed")
        let sut = SimpleEffectMiddleware<String, Int>.onAction { action, _, state in
            action == "go" ? .sequence(["\(state())", "two"], from: source) : .just("other")
        }
        let dispatched = Collected<DispatchedAction<String>>()
        sut.handle(action: "go", from: .here(), state: { 1 }).run(recordingOutput(dispatched))
        sut.handle(action: "x", from: .here(), state: { 1 }).run(recordingOutput(dispatched))
        #expect(dispatched.values.map(\.action) == ["1", "two", "other"])
        #expect(dispatched.values[0].dispatcher == source)
        let last = try #require(dispatched.values.last)
        #expect(last.dispatcher.file.hasSuffix("EffectMiddlewareTests.swift"))
        #expect(sut.runningCount == 0)
    }

    @Test func toCancelStopsTheEffectRunningUnderItsToken() {
        let subject = PassthroughSubject<String, Never>()
        let cancelled = Collected<String>()
        let sut = SimpleEffectMiddleware<String, Void>.onAction { action, _, _ in
            switch action {
            case "start":
                return subject.handleEvents(receiveCancel: { cancelled.append("cancelled") })
                    .asEffect(token: "search")
            case "stop": return .toCancel("search")
            default: return .doNothing
            }
        }
        let dispatched = Collected<DispatchedAction<String>>()
        sut.handle(action: "start", from: .here(), state: {}).run(recordingOutput(dispatched))
        subject.send("first")
        #expect(sut.runningCount == 1)
        sut.handle(action: "stop", from: .here(), state: {}).run(recordingOutput(dispatched))
        subject.send("after the cancel")
        #expect(dispatched.values.map(\.action) == ["first"])
        #expect(cancelled.values == ["cancelled"])
        #expect(sut.runningCount == 0)
    }

    @Test func anEffectUnderATokenInUseReplacesAndCancelsTheRunningOne() {
        let first = PassthroughSubject<String, Never>()
        let second = PassthroughSubject<String, Never>()
        let sut = EffectMiddleware<Int, String, Void, Void>.onAction { action, _, _ in
            (action == 1 ? first : second).asEffect(token: "only one")
        }
        let dispatched = Collected<DispatchedAction<String>>()
        sut.handle(action: 1, from: .here(), state: {}).run(recordingOutput(dispatched))
        sut.handle(action: 2, from: .here(), state: {}).run(recordingOutput(dispatched))
        first.send("from the first")
        second.send("from the second")
        #expect(dispatched.values.map(\.action) == ["from the second"])
        #expect(sut.runningCount == 1)
        second.send(completion: .finished)
        #expect(sut.runningCount == 0)
    }

    @Test func effectsWithoutATokenRunSideBySideAndAreForgottenWhenTheyComplete() {
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        let sut = SimpleEffectMiddleware<Int, Void>.onAction { action, _, _ in subjects[action].asEffect() }
        let dispatched = Collected<DispatchedAction<Int>>()
        for index in subjects.indices {
            sut.handle(action: index, from: .here(), state: {}).run(recordingOutput(dispatched))
        }
        #expect(sut.runningCount == 3)
        for (index, subject) in subjects.enumerated() {
            subject.send(index * 10)
            subject.send(completion: .finished)
        }
        #expect(dispatched.values.map(\.action) == [0, 10, 20])
        #expect(sut.runningCount == 0)
    }

    @Test func freeingTheMiddlewareCancelsItsRunningEffects() {
        let cancelled = Collected<String>()
        var sut: SimpleEffectMiddleware<String, Void>? = .onAction { action, _, _ in
            PassthroughSubject<String, Never>().handleEvents(receiveCancel: { cancelled.append(action) })
                .asEffect(token: action)
        }
        let dispatched = Collected<DispatchedAction<String>>()
        sut?.handle(action: "a", from: .here(), state: {}).run(recordingOutput(dispatched))
        sut?.handle(action: "b", from: .here(), state: {}).run(recordingOutput(dispatched))
        sut = nil
        #expect(Set(cancelled.values) == ["a", "b"])
    }

    @Test func compositionRunsBothInOrderAndIdentityDoesNothing() {
        let first = SimpleEffectMiddleware<String, Void>.onAction { action, _, _ in .just("first \(action)") }
        let second = SimpleEffectMiddleware<String, Void>.onAction { action, _, _ in .just("second \(action)") }
        let sut = first <> .identity <> second
        let dispatched = Collected<DispatchedAction<String>>()
        sut.handle(action: "a", from: .here(), state: {}).run(recordingOutput(dispatched))
        #expect(dispatched.values.map(\.action) == ["first a", "second a"])
    }

    @Test func liftMapsTheInputTheOutputAndTheState() {
        struct AppState { var count: Int }
        let local = EffectMiddleware<Int, String, Int, Void>.onAction { action, _, state in
            .just("\(action)+\(state())")
        }
        let sut: EffectMiddleware<String, [String], AppState, Void> = local.lift(
            inputAction: { Int($0) },
            outputAction: { [$0] },
            state: { $0.count }
        )
        let dispatched = Collected<DispatchedAction<[String]>>()
        sut.handle(action: "x", from: .here(), state: { AppState(count: 1) }).run(recordingOutput(dispatched))
        sut.handle(action: "4", from: .here(), state: { AppState(count: 2) }).run(recordingOutput(dispatched))
        #expect(dispatched.values.map(\.action) == [["4+2"]])
        let stateOnly: EffectMiddleware<Int, String, AppState, Void> = local.lift(state: { $0.count })
        stateOnly.handle(action: 5, from: .here(), state: { AppState(count: 3) }).run(
            AnyActionHandler { dispatched.append($0.map { [$0] }) })
        #expect(dispatched.values.last?.action == ["5+3"])
    }

    struct Row: Identifiable, Equatable {
        var id: Int
        var title: String
    }

    enum ListAction: Equatable {
        case row(ElementIDAction<Int, String>?)
        case other

        var rowAction: ElementIDAction<Int, String>? {
            get { if case .row(let action) = self { return action } else { return nil } }
            set { if let newValue { self = .row(newValue) } }
        }
    }

    @Test func liftToCollectionGivesEachElementItsOwnStateAndWrapsItsActions() {
        let rowMiddleware = SimpleEffectMiddleware<String, Row>.onAction { action, _, state in
            .just("\(action) on \(state().title)")
        }
        let sut = rowMiddleware.liftToCollection(action: \ListAction.rowAction, stateCollection: \[Row].self)
        let rows = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
        let dispatched = Collected<DispatchedAction<ListAction>>()
        sut.handle(action: .row(ElementIDAction(id: 2, action: "tap")), from: .here(), state: { rows })
            .run(recordingOutput(dispatched))
        sut.handle(action: .row(ElementIDAction(id: 9, action: "tap")), from: .here(), state: { rows })
            .run(recordingOutput(dispatched))
        sut.handle(action: .other, from: .here(), state: { rows }).run(recordingOutput(dispatched))
        #expect(dispatched.values.map(\.action) == [.row(ElementIDAction(id: 2, action: "tap on two"))])
    }

    @Test func manyThreadsStartingAndCancellingEffectsLeaveNothingRunning() {
        let sut = SimpleEffectMiddleware<Int, Void>.onAction { action, _, _ in
            switch action % 3 {
            case 0: return .toCancel(action % 7)
            case 1:
                // Completes later, on another thread.
                return Deferred {
                    Future<Int, Never> { promise in DispatchQueue.global().async { promise(.success(action)) } }
                }
                .asEffect(token: action % 7)
            default: return Just(action).asEffect()
            }
        }
        let dispatched = Collected<DispatchedAction<Int>>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<300 {
                sut.handle(action: thread * 1_000 + index, from: .here(), state: {}).run(recordingOutput(dispatched))
            }
        }
        #expect(eventuallyBlocking { sut.runningCount == 0 })
        // Every untokened effect dispatched its action; tokened ones were dispatched, replaced or cancelled.
        let untokened = dispatched.values.filter { $0.action % 3 == 2 }.count
        #expect(untokened == 8 * 100)
    }
}
