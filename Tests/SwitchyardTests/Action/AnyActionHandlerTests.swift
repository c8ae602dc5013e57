import Switchyard
import Testing

@Suite struct AnyActionHandlerTests {
    private struct Collecting: ActionHandler {
        let recorder: Recorder<Int>
        func dispatch(_ dispatchedAction: DispatchedAction<Int>) { recorder.append(dispatchedAction) }
    }

    private func depthSeenByDispatch(_ handler: AnyActionHandler<Int>, depths: Trace) -> String {
        handler.dispatch(0)
        return depths.entries.last ?? ""
    }

    @Test func closureHandlerReceivesEveryDispatchedAction() {
        let recorder = Recorder<Int>()
        let handler = AnyActionHandler<Int> { recorder.append($0) }
        handler.dispatch(1)
        handler.dispatch(2, info: "two")
        #expect(recorder.actions == [1, 2])
        #expect(recorder.values[1].dispatcher.info == "two")
    }

    @Test func wrappingAHandlerDispatchesToIt() {
        let recorder = Recorder<Int>()
        AnyActionHandler(Collecting(recorder: recorder)).dispatch(3)
        AnyActionHandler(Collecting(recorder: recorder)).dispatch(4)
        #expect(recorder.actions == [3, 4])
    }

    @Test(.enabled(if: isDebugBuild, "stack depths count wrappers only when nothing is inlined"))
    func wrappingAnAnyActionHandlerDoesNotWrapItAgain() {
        let depths = Trace()
        let handler = AnyActionHandler<Int> { _ in depths.append("\(currentStackDepth())") }
        let direct = depthSeenByDispatch(handler, depths: depths)
        #expect(depthSeenByDispatch(AnyActionHandler(handler), depths: depths) == direct)
        #expect(depthSeenByDispatch(AnyActionHandler(AnyActionHandler(handler)), depths: depths) == direct)
        #expect(depthSeenByDispatch(AnyActionHandler(handler), depths: depths) == direct)
        // Control: a deliberate wrapper is seen, so equal depths above do mean "not wrapped".
        let wrapped = AnyActionHandler<Int> { handler.dispatch($0) }
        #expect(depthSeenByDispatch(wrapped, depths: depths) != direct)
    }

    @Test func dispatchFromKeepsAnExplicitSource() {
        let recorder = Recorder<Int>()
        let source = ActionSource(file: "A/B.swift", function: "f()", line: 9, info: "original")
        AnyActionHandler<Int> { recorder.append($0) }.dispatch(5, from: source)
        #expect(recorder.values == [DispatchedAction(5, dispatcher: source)])
    }

    @Test func contramapTransformsActionsAndKeepsTheSource() {
        let recorder = Recorder<Int>()
        let lengths = AnyActionHandler<Int> { recorder.append($0) }.contramap { (text: String) in text.count }
        lengths.dispatch("four", info: "word")
        #expect(recorder.actions == [4])
        #expect(recorder.values[0].dispatcher.info == "word")
        #expect(recorder.values[0].dispatcher.function == "contramapTransformsActionsAndKeepsTheSource()")
    }

    @Test func handlerMayBeCalledFromManyThreads() async {
        let recorder = Recorder<Int>()
        let handler = AnyActionHandler<Int> { recorder.append($0) }
        await withTaskGroup(of: Void.self) { group in
            for value in 0..<100 {
                group.addTask { handler.dispatch(value) }
            }
        }
        #expect(recorder.actions.sorted() == Array(0..<100))
    }
}
