import Testing

@testable import Switchyard

/// `lift` is declared once, on `MiddlewareProtocol`, and returns a `LiftMiddleware`; erasing it gives the shape of
/// what it lifts: a lifted identity is an identity, a lifted composition is a composition of its middlewares lifted,
/// and a lift of an erased lift extends that lift's flat chain.
@Suite struct LiftErasureTests {
    private typealias Mid = LiftLevels.Mid
    private typealias MidState = LiftLevels.MidState
    private typealias Top = LiftLevels.Top
    private typealias TopState = LiftLevels.TopState

    /// A middleware of the local types that records what it handles.
    private static func traced(_ name: String, _ trace: Trace) -> TraceMiddleware<String, Int> {
        TraceMiddleware(name: name, trace: trace) { [$0 + "!"] }
    }

    /// The seven lifts of `middleware`, each erased: every one of them to `Top`, `Top`, `TopState` where it lifts
    /// the type, the local type where it does not.
    private static func sevenErasedLifts<M: MiddlewareProtocol & Sendable>(
        _ middleware: M
    ) -> [any MiddlewareProtocol] where M.InputActionType == Mid, M.OutputActionType == Mid, M.StateType == MidState {
        [
            middleware.lift(inputAction: \Top.mid, outputAction: Top.mid, state: \TopState.mid)
                .eraseToAnyMiddleware(),
            middleware.lift(inputAction: \Top.mid, outputAction: Top.mid).eraseToAnyMiddleware(),
            middleware.lift(outputAction: Top.mid, state: \TopState.mid).eraseToAnyMiddleware(),
            middleware.lift(inputAction: \Top.mid, state: \TopState.mid).eraseToAnyMiddleware(),
            middleware.lift(inputAction: \Top.mid).eraseToAnyMiddleware(),
            middleware.lift(outputAction: Top.mid).eraseToAnyMiddleware(),
            middleware.lift(state: \TopState.mid).eraseToAnyMiddleware(),
        ]
    }

    /// Whether `middleware`, an `AnyMiddleware` of any types, erases an identity.
    private static func isErasedIdentity(_ middleware: any MiddlewareProtocol) -> Bool {
        func open<M: MiddlewareProtocol>(_ middleware: M) -> Bool {
            (middleware as? AnyMiddleware<M.InputActionType, M.OutputActionType, M.StateType>)?.erasesIdentity == true
        }
        return open(middleware)
    }

    @Test func everyLiftOfAnErasedIdentityErasesToAnIdentity() {
        let identity = IdentityMiddleware<Mid, Mid, MidState>().eraseToAnyMiddleware()
        let lifts = Self.sevenErasedLifts(identity)
        #expect(lifts.count == 7)
        #expect(lifts.allSatisfy(Self.isErasedIdentity))
    }

    @Test func everyLiftOfAnIdentityErasesToAnIdentity() {
        let lifts = Self.sevenErasedLifts(IdentityMiddleware<Mid, Mid, MidState>())
        #expect(lifts.count == 7)
        #expect(lifts.allSatisfy(Self.isErasedIdentity))
    }

    @Test func aLiftOfAnIdentityBuiltWithItsInitializerErasesToAnIdentity() {
        let lift = LiftMiddleware<Top, Top, TopState, IdentityMiddleware<Mid, Mid, MidState>>(
            middleware: IdentityMiddleware(), inputActionMap: \.mid, outputActionMap: Top.mid, stateMap: \.mid)
        #expect(lift.eraseToAnyMiddleware().erasesIdentity)
    }

    @Test func liftsOfLiftsOfAnIdentityOrACompositionEraseToAnIdentityOrAComposition() {
        let trace = Trace()
        let identity = IdentityMiddleware<String, String, Int>()
            .lift(inputAction: \Mid.text, outputAction: Mid.text, state: \MidState.count)
            .lift(inputAction: \Top.mid, outputAction: Top.mid, state: \TopState.mid)
        #expect(identity.eraseToAnyMiddleware().erasesIdentity)
        let composition = (Self.traced("a", trace) <> Self.traced("b", trace))
            .lift(inputAction: \Mid.text, outputAction: Mid.text, state: \MidState.count)
            .lift(inputAction: \Top.mid, outputAction: Top.mid, state: \TopState.mid)
        let erased = composition.eraseToAnyMiddleware()
        #expect(erased.erasedComposition?.members.count == 2)

        let harness = PipelineHarness(state: TopState(mid: MidState(count: 3)), middleware: erased)
        harness.send(.mid(.text("y")))
        harness.send(.mid(.noise))
        #expect(trace.entries == ["a.handle(3)", "b.handle(3)", "b.io(3)", "a.io(3)"])
        #expect(harness.dispatched.actions == Array(repeating: .mid(.text("y!")), count: 2))
    }

    @Test func compositionsDropLiftsOfIdentitiesErasedOrNot() {
        let trace = Trace()
        let identity = IdentityMiddleware<String, String, Int>()
        let lift = identity.lift(inputAction: { (top: Top) in top.mid?.text }, outputAction: { Top.mid(.text($0)) })
        let erasedLift = identity.eraseToAnyMiddleware().lift(
            inputAction: { (top: Top) in top.mid?.text }, outputAction: { Top.mid(.text($0)) })
        let other = Self.traced("t", trace).lift(
            inputAction: { (top: Top) in top.mid?.text }, outputAction: { Top.mid(.text($0)) })
        let composed = lift <> other <> erasedLift <> lift.eraseToAnyMiddleware()
        #expect(composed.members.count == 1)
    }

    @Test func aLiftOfAnErasedCompositionErasesToTheCompositionOfEachMiddlewareLifted() {
        let trace = Trace()
        let composition = (Self.traced("a", trace) <> Self.traced("b", trace) <> Self.traced("c", trace))
            .eraseToAnyMiddleware()
        let lifted = composition.lift(
            inputAction: { (top: Top) in top.mid?.text }, outputAction: { Top.mid(.text($0)) },
            state: \TopState.mid.count
        )
        .eraseToAnyMiddleware()
        #expect(lifted.erasedComposition?.members.count == 3)
        // `<>` flattens it: three lifted middlewares and one more.
        let silent = AnyMiddleware<Top, Top, TopState> { _, _, _ in .pure() }
        #expect((lifted <> silent).members.count == 4)

        let harness = PipelineHarness(state: TopState(mid: MidState(count: 5)), middleware: lifted)
        harness.send(.mid(.text("x")))
        harness.send(.other)
        #expect(trace.entries == ["a.handle(5)", "b.handle(5)", "c.handle(5)", "c.io(5)", "b.io(5)", "a.io(5)"])
        #expect(harness.dispatched.actions == Array(repeating: .mid(.text("x!")), count: 3))
    }

    @Test func aLiftOfACompositionErasesToTheCompositionOfEachMiddlewareLifted() {
        let trace = Trace()
        let composition = Self.traced("a", trace) <> Self.traced("b", trace)
        let lift = composition.lift(
            inputAction: { (top: Top) in top.mid?.text }, outputAction: { Top.mid(.text($0)) },
            state: \TopState.mid.count
        )
        #expect(lift.eraseToAnyMiddleware().erasedComposition?.members.count == 2)
        // Composed without erasing it first, it is flattened too.
        let silent = AnyMiddleware<Top, Top, TopState> { _, _, _ in .pure() }
        #expect((silent <> lift <> silent).members.count == 4)
    }

    /// Each erased lift of an erased lift extends its chain: the chain counts every lift, however deep, so that the
    /// lifts past the nesting bound run over it in a loop.
    @Test func erasedLiftsOfErasedLiftsKeepOneChainOfEveryLift() {
        let base = AnyMiddleware<Int, Int, Int> { _, _, _ in .pure() }
        var chain = base
        for _ in 1...20 {
            chain = chain.lift(inputAction: { $0 }, outputAction: { $0 }, state: { $0 }).eraseToAnyMiddleware()
        }
        #expect(chain.relift?.depth == 20)
        // Past the bound, a new lift wraps the flat chain, not the nested lifts.
        #expect(chain.liftBelow.relift == nil)
        #expect(AnyMiddleware<Int, Int, Int>.maximumNestedLifts < 20)
    }
}
