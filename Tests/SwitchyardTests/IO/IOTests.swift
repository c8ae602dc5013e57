import Switchyard
import SwitchyardTestSupport
import Testing

@Suite struct IOTests {
    /// Runs `io` and returns what it dispatched, in order.
    private func dispatched<Action>(by io: IO<Action>) -> [Action] {
        let recorder = Recorder<Action>()
        io.run(AnyActionHandler { recorder.append($0) })
        return recorder.actions
    }

    private func dispatching(_ actions: Int...) -> IO<Int> {
        IO { output in
            for action in actions { output.dispatch(action) }
        }
    }

    @Test func pureDoesNothingAndSaysSo() {
        let io = IO<Int>.pure()
        #expect(io.isPure)
        #expect(dispatched(by: io).isEmpty)
    }

    @Test func closureIOIsNotPureAndDispatchesThroughOutput() {
        let io = dispatching(1, 2, 3)
        #expect(!io.isPure)
        #expect(dispatched(by: io) == [1, 2, 3])
    }

    @Test func runWithAnyActionHandlerKeepsTheCallersSource() {
        let recorder = Recorder<String>()
        let io = IO<String> { output in output.dispatch("hello", info: "from IO") }
        io.run(AnyActionHandler { recorder.append($0) })
        let source = recorder.values[0].dispatcher
        #expect(source.file == "SwitchyardTests/IOTests.swift")
        #expect(source.function == "runWithAnyActionHandlerKeepsTheCallersSource()")
        #expect(source.info == "from IO")
    }

    @Test func runWithAGenericHandlerDispatchesToIt() {
        struct Collecting: ActionHandler {
            let recorder: Recorder<Int>
            func dispatch(_ dispatchedAction: DispatchedAction<Int>) { recorder.append(dispatchedAction) }
        }
        let recorder = Recorder<Int>()
        dispatching(4, 5).run(Collecting(recorder: recorder))
        IO<Int>.pure().run(Collecting(recorder: recorder))
        #expect(recorder.actions == [4, 5])
    }

    @Test func pureComposedWithAnythingGivesTheOtherSide() {
        let io = dispatching(7)
        #expect(!(IO.pure() <> io).isPure)
        #expect(!(io <> .pure()).isPure)
        #expect((IO<Int>.pure() <> .pure()).isPure)
        #expect(dispatched(by: .pure() <> io) == [7])
        #expect(dispatched(by: io <> .pure()) == [7])
    }

    @Test func identityLawHolds() {
        let io = dispatching(1, 2)
        #expect(dispatched(by: .pure() <> io) == dispatched(by: io))
        #expect(dispatched(by: io <> .pure()) == dispatched(by: io))
    }

    @Test func compositionRunsLeftThenRight() {
        #expect(dispatched(by: dispatching(1) <> dispatching(2, 3)) == [1, 2, 3])
    }

    @Test func associativityLawHolds() {
        let a = dispatching(1)
        let b = dispatching(2, 3)
        let c = dispatching(4)
        #expect(dispatched(by: (a <> b) <> c) == dispatched(by: a <> (b <> c)))
        #expect(dispatched(by: (a <> b) <> c) == [1, 2, 3, 4])
    }

    @Test func associativityLawHoldsWithPureInTheMiddle() {
        let a = dispatching(1)
        let c = dispatching(3)
        #expect(dispatched(by: (a <> .pure()) <> c) == dispatched(by: a <> (.pure() <> c)))
    }

    @Test func mapTransformsEveryActionAndKeepsItsSource() {
        let recorder = Recorder<String>()
        let io = IO<Int> { output in output.dispatch(1, info: "one") }.map { "#\($0)" }
        io.run(AnyActionHandler { recorder.append($0) })
        #expect(recorder.actions == ["#1"])
        #expect(recorder.values[0].dispatcher.info == "one")
        #expect(recorder.values[0].dispatcher.file == "SwitchyardTests/IOTests.swift")
    }

    @Test func mapOfPureIsPure() {
        #expect(IO<Int>.pure().map { "\($0)" }.isPure)
    }

    @Test func outputKeptByAnIOMayDispatchLaterFromAnotherThread() async {
        let recorder = Recorder<Int>()
        let io = IO<Int> { output in
            Task.detached { output.dispatch(42) }
        }
        io.run(AnyActionHandler { recorder.append($0) })
        #expect(await eventually { recorder.actions == [42] })
    }
}
