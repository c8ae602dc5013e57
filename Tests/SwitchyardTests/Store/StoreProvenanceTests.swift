import Switchyard
import Testing

/// Every action carries the `ActionSource` of the code that dispatched it.
@Suite struct StoreProvenanceTests {
    enum Action: Sendable, Equatable { case ping, pong, plain }

    /// Where `PongMiddleware`'s IO dispatched `.pong`, recorded by the IO itself.
    static let pongSite = Slot<ActionSource>()

    /// Answers `.ping` with `.pong`, from its IO.
    struct PongMiddleware: MiddlewareProtocol {
        func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<Action>) {}

        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Action> {
            guard action == .ping else { return .pure() }
            return IO { output in
                output.dispatch(.pong, info: "answer")
                let line: UInt = #line - 1
                StoreProvenanceTests.pongSite.value = ActionSource(
                    file: #fileID, function: #function, line: line, info: "answer")
            }
        }
    }

    /// A store whose reducer records every dispatched action with its source, through a middleware.
    static func recordingStore(_ recorder: Recorder<Action>) -> Store<Action, Int> {
        let recording = AnyMiddleware<Action, Action, Int> { action, source, _ in
            recorder.append(DispatchedAction(action, dispatcher: source))
            return .pure()
        }
        return Store(
            initialState: 0,
            reducer: Reducer { _, state in state += 1 },
            middleware: recording <> PongMiddleware()
        )
    }

    @Test func storeDispatchCapturesTheCallersFileFunctionAndLine() {
        let recorder = Recorder<Action>()
        let store = Self.recordingStore(recorder)
        store.dispatch(.plain)
        let line: UInt = #line - 1
        let source = recorder.values[0].dispatcher
        #expect(source.file == "SwitchyardTests/StoreProvenanceTests.swift")
        #expect(source.function == "storeDispatchCapturesTheCallersFileFunctionAndLine()")
        #expect(source.line == line)
        #expect(source.info == nil)
    }

    @Test func storeDispatchKeepsTheInfoItIsGiven() {
        let recorder = Recorder<Action>()
        let store = Self.recordingStore(recorder)
        store.dispatch(.plain, info: "pull to refresh")
        #expect(recorder.values[0].dispatcher.info == "pull to refresh")
        #expect(recorder.values[0].dispatcher.line == UInt(#line - 2))
    }

    @Test func outputDispatchFromAnIOCapturesTheIOsCallSiteAndKeepsItThroughTheQueue() {
        let recorder = Recorder<Action>()
        let store = Self.recordingStore(recorder)
        store.dispatch(.ping)
        let pong = recorder.values.first { $0.action == .pong }?.dispatcher
        #expect(pong != nil)
        #expect(pong?.file == "SwitchyardTests/StoreProvenanceTests.swift")
        #expect(pong?.function == "handle(action:from:state:)")
        #expect(pong?.info == "answer")
        #expect(pong == Self.pongSite.value)
    }

    @Test func dispatchWithAnExplicitSourceKeepsIt() {
        let recorder = Recorder<Action>()
        let store = Self.recordingStore(recorder)
        let original = ActionSource(file: "App/Other.swift", function: "tap()", line: 7, info: "forwarded")
        store.dispatch(.plain, from: original)
        #expect(recorder.values[0].dispatcher == original)
    }
}
