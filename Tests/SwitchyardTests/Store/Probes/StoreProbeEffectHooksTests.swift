import Switchyard
import SwitchyardTestSupport
import Testing

/// The hooks through which a tracer follows what an action causes: a tag for each follow-up, given back as its
/// origin's cause; a wrapper around each effect's operation; and whether observers or IOs follow a reducer.
@Suite struct StoreProbeEffectHooksTests {
    enum Action: Sendable, Equatable {
        case start
        case fromIO
        case fromEffect
        case plain
    }

    struct Effects: MiddlewareProtocol, Sendable {
        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Action> {
            guard action == .start else { return .pure() }
            return IO { output in output.dispatch(.fromIO) }
                <> .run { output in output.dispatch(.fromEffect) }
        }
    }

    /// `.start`'s IO dispatches three actions at once.
    struct Burst: MiddlewareProtocol, Sendable {
        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Action> {
            guard action == .start else { return .pure() }
            return IO { output in
                output.dispatch(.plain)
                output.dispatch(.fromIO)
                output.dispatch(.fromEffect)
            }
        }
    }

    static func makeStore() -> Store<Action, Int> {
        Store(initialState: 0, reducer: Reducer { _, state in state += 1 }, middleware: Effects())
    }

    @Test func aFollowUpCarriesItsTagAndAnEffectRunsInsideItsWrapper() async {
        let store = Self.makeStore()
        let nextTag = Locked<UInt64>(0)
        let origins = Locked<[Action: ActionOrigin]>([:])
        let followedByEffects = Locked<[Action: Bool]>([:])
        let wrapped = Locked<[EffectStart]>([])
        let ran = Locked<Int>(0)
        store.attach(
            StoreProbe(
                admit: { dispatched, origin in
                    origins.modify { $0[dispatched.action] = origin }
                    return .process
                },
                didReduce: { reduced in
                    followedByEffects.modify { $0[reduced.dispatched.action] = reduced.isFollowedByEffects }
                },
                decorateEffect: { start, operation in
                    wrapped.modify { $0.append(start) }
                    return {
                        await operation()
                        ran.modify { $0 += 1 }
                    }
                },
                tagFollowUp: {
                    var tag: UInt64 = 0
                    nextTag.modify {
                        $0 += 1
                        tag = $0
                    }
                    return tag
                }
            )
        )
        store.dispatch(.start)
        store.dispatch(.plain)
        let finished = await eventually(timeout: .seconds(60)) { ran.value == 1 && store.state == 4 }
        #expect(finished)
        let seen = origins.value
        #expect(seen[.start]?.cause == 0)
        #expect(seen[.plain]?.cause == 0)
        #expect(seen[.fromIO]?.isFollowUp == true)
        #expect(seen[.fromEffect]?.isFollowUp == true)
        // Two follow-ups tagged, in the order they were dispatched: the IO's first.
        #expect(seen[.fromIO]?.cause == 1)
        #expect(seen[.fromEffect]?.cause == 2)
        #expect(wrapped.value.count == 1)
        #expect(wrapped.value.first?.fileID == #fileID)
        #expect(wrapped.value.first?.hasID == false)
        #expect(followedByEffects.value[.start] == true)
        #expect(followedByEffects.value[.plain] == false)
    }

    @Test func aReducedActionTellsHowManyActionsWaitBehindIt() {
        // `.start`'s IO dispatches three actions at once: each sees those still queued behind it.
        let store = Store(
            initialState: 0,
            reducer: Reducer { _, state in state += 1 },
            middleware: Burst()
        )
        let queued = Locked<[Int]>([])
        store.attach(StoreProbe(didReduce: { reduced in queued.modify { $0.append(reduced.queuedActions) } }))
        store.dispatch(.start)
        #expect(queued.value == [0, 2, 1, 0])
    }

    @Test func withoutTheHooksFollowUpsHaveNoCauseAndEffectsRunAsTheyAre() async {
        let store = Self.makeStore()
        let origins = Locked<[Action: ActionOrigin]>([:])
        let registration = store.attach(
            StoreProbe(admit: { dispatched, origin in
                origins.modify { $0[dispatched.action] = origin }
                return .process
            })
        )
        store.dispatch(.start)
        let finished = await eventually(timeout: .seconds(60)) { store.state == 3 }
        #expect(finished)
        #expect(origins.value[.fromIO]?.cause == 0)
        #expect(origins.value[.fromEffect]?.cause == 0)
        registration.detach()
    }

    @Test func aWrapperReadsTheErrorThatTheEffectsOperationThrewOnceItReturned() async {
        struct Failure: Error {
            let action: Int
        }
        // 1 returns; 2 throws with no handler; 3 throws and its handler handles it; 4 throws a cancellation.
        let middleware = AnyMiddleware<Int, Int, Int>(handle: { action, _, _ in
            switch action {
            case 1: .run { _ in }
            case 2: .run { _ in throw Failure(action: 2) }
            case 3:
                .run { _ in
                    throw Failure(action: 3)
                } catch: { _, _ in
                }
            case 4: .run { _ in throw CancellationError() }
            default: .pure()
            }
        })
        let store = Store<Int, Int>(
            initialState: 0, reducer: Reducer { _, _ in }, middleware: middleware,
            diagnostics: StoreDiagnostics { _ in })
        // What each wrapper read: the failure before and after the operation (-1 for a failure of another type).
        let read = Locked<[(before: Int?, after: Int?)]>([])
        @Sendable func action(of failure: (any Error)?) -> Int? {
            failure.map { ($0 as? Failure)?.action ?? -1 }
        }
        store.attach(
            StoreProbe(decorateEffect: { start, operation in
                {
                    let before = action(of: start.failure)
                    await operation()
                    let after = action(of: start.failure)
                    read.modify { $0.append((before, after)) }
                }
            })
        )
        for effect in 1...4 { store.dispatch(effect) }
        let finished = await eventually(timeout: .seconds(60)) { read.value.count == 4 }
        #expect(finished)
        #expect(read.value.allSatisfy { $0.before == nil })
        #expect(read.value.compactMap(\.after).sorted() == [2, 3])
        // Made by hand, an effect start has no failure.
        #expect(EffectStart(fileID: "A.swift", line: 1, hasID: false).failure == nil)
    }
}
