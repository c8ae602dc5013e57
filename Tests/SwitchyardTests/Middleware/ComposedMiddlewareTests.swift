import Switchyard
import Testing

@Suite struct ComposedMiddlewareTests {
    private typealias Traced = TraceMiddleware<String, Int>
    private typealias Composed = ComposedMiddleware<String, String, Int>

    /// A counter reducer that also writes `reducer(old->new)` to the trace.
    private func countingReducer(_ trace: Trace) -> Reducer<String, Int> {
        Reducer { _, count in
            trace.append("reducer(\(count)->\(count + 1))")
            count += 1
        }
    }

    /// Sends `actions` through `middleware` and returns the trace and what was dispatched.
    private func run<M: MiddlewareProtocol>(
        _ middleware: M,
        trace: Trace,
        actions: [String] = ["x"]
    ) -> (trace: [String], dispatched: [String])
    where M.InputActionType == String, M.OutputActionType == String, M.StateType == Int {
        let harness = PipelineHarness(state: 0, reducer: countingReducer(trace), middleware: middleware)
        for action in actions { harness.send(action) }
        return (trace.entries, harness.dispatched.actions)
    }

    @Test func handleRunsInCompositionOrderAndIOsInReverseOrder() {
        let trace = Trace()
        let a = Traced(name: "a", trace: trace)
        let b = Traced(name: "b", trace: trace)
        let c = Traced(name: "c", trace: trace)
        let result = run(a <> b <> c, trace: trace)
        #expect(
            result.trace == [
                "a.handle(0)", "b.handle(0)", "c.handle(0)", "reducer(0->1)", "c.io(1)", "b.io(1)", "a.io(1)",
            ])
    }

    /// Up to 256 middlewares are fused into a tree of closures whose nodes call up to eight children; past that,
    /// `handle` loops over them. Both paths keep the order, whether the composition is built one by one or by
    /// composing two compositions. The sizes cover every node arity (1 to 8), full and partial levels, and one and
    /// three levels of nodes.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 17, 63, 64, 65, 100, 256, 257, 600])
    func orderHoldsOnBothSidesOfTheFusedLimit(count: Int) {
        let expected =
            (0..<count).map { "m\($0).handle(0)" } + ["reducer(0->1)"]
            + (0..<count).reversed().map { "m\($0).io(1)" }

        let oneByOneTrace = Trace()
        let oneByOne = (0..<count).map { Traced(name: "m\($0)", trace: oneByOneTrace) }
            .reduce(Composed()) { $0 <> $1 }
        #expect(oneByOne.members.count == count)
        #expect(run(oneByOne, trace: oneByOneTrace).trace == expected)

        let halvesTrace = Trace()
        let middlewares = (0..<count).map { Traced(name: "m\($0)", trace: halvesTrace) }
        let halves =
            middlewares[..<(count / 2)].reduce(Composed()) { $0 <> $1 }
            <> middlewares[(count / 2)...].reduce(Composed()) { $0 <> $1 }
        #expect(halves.members.count == count)
        #expect(run(halves, trace: halvesTrace).trace == expected)
    }

    /// Middlewares returning `.pure()` add nothing, wherever they sit in the fused tree: the others' IOs still run
    /// in reverse order, and a composition of pure middlewares returns a pure IO.
    @Test(arguments: [2, 9, 100, 300])
    func pureIOsAnywhereInTheTreeKeepTheOthersInReverseOrder(count: Int) {
        let trace = Trace()
        let traced = Set((0..<count).filter { $0 % 3 == 1 || $0 == count - 1 })
        let composed = (0..<count).reduce(Composed()) { composition, index in
            if traced.contains(index) { return composition <> Traced(name: "m\(index)", trace: trace) }
            return composition <> AnyMiddleware { _, _, _ in .pure() }
        }
        let expected =
            traced.sorted().map { "m\($0).handle(0)" } + ["reducer(0->1)"]
            + traced.sorted().reversed().map { "m\($0).io(1)" }
        #expect(run(composed, trace: trace).trace == expected)

        let allPure = (0..<count).reduce(Composed()) { composition, _ in
            composition <> AnyMiddleware { _, _, _ in .pure() }
        }
        #expect(allPure.handle(action: "x", from: .here(), state: { 0 }).isPure)
    }

    /// A composition past the fused limit loops instead of nesting calls: its stack depth does not grow with the
    /// number of middlewares, so a composition of thousands runs on a small stack.
    @Test func aLargeCompositionDoesNotNestOneCallPerMiddleware() {
        let stack = StackSpan()
        let recorder = AnyMiddleware<String, String, Int> { _, _, _ in
            stack.record()
            return .pure()
        }
        let composed = (0..<5_000).reduce(Composed()) { composition, _ in composition <> recorder }
        _ = composed.handle(action: "x", from: .here(), state: { 0 })
        #expect(stack.recordings == 5_000)
        #expect(stack.span < 64 * 1024, "handle nested \(stack.span) bytes of stack for 5,000 middlewares")
    }

    @Test func stateInHandleIsBeforeTheReducerAndInIOAfterIt() {
        let trace = Trace()
        let a = Traced(name: "a", trace: trace)
        let b = Traced(name: "b", trace: trace)
        let result = run(a <> b, trace: trace, actions: ["x", "y"])
        #expect(
            result.trace == [
                "a.handle(0)", "b.handle(0)", "reducer(0->1)", "b.io(1)", "a.io(1)",
                "a.handle(1)", "b.handle(1)", "reducer(1->2)", "b.io(2)", "a.io(2)",
            ])
    }

    @Test func ioActionsAreDispatchedInReverseCompositionOrder() {
        let trace = Trace()
        let a = Traced(name: "a", trace: trace) { ["a:\($0)"] }
        let b = Traced(name: "b", trace: trace) { ["b:\($0)"] }
        #expect(run(a <> b, trace: trace).dispatched == ["b:x", "a:x"])
    }

    @Test func associativityLawHoldsForTraces() {
        func traces(_ build: (Traced, Traced, Traced) -> Composed) -> (trace: [String], dispatched: [String]) {
            let trace = Trace()
            let a = Traced(name: "a", trace: trace) { ["a:\($0)"] }
            let b = Traced(name: "b", trace: trace)
            let c = Traced(name: "c", trace: trace) { ["c:\($0)"] }
            return run(build(a, b, c), trace: trace, actions: ["x", "y"])
        }
        let left = traces { a, b, c in (a <> b) <> c }
        let right = traces { a, b, c in a <> (b <> c) }
        #expect(left.trace == right.trace)
        #expect(left.dispatched == right.dispatched)
        #expect(left.dispatched == ["c:x", "a:x", "c:y", "a:y"])
    }

    @Test func identityLawHoldsForTraces() {
        func traces(_ build: (Traced) -> Composed) -> [String] {
            let trace = Trace()
            return run(build(Traced(name: "a", trace: trace) { [$0] }), trace: trace).trace
        }
        let plain = traces { a in a <> IdentityMiddleware() }
        #expect(traces { a in IdentityMiddleware() <> a } == plain)
        #expect(traces { a in .identity <> (a <> IdentityMiddleware()) } == plain)
        #expect(traces { a in (a <> IdentityMiddleware()) <> .identity } == plain)
        #expect(plain == ["a.handle(0)", "reducer(0->1)", "a.io(1)"])
    }

    @Test func nestedCompositionsAreFlattened() {
        let trace = Trace()
        let a = Traced(name: "a", trace: trace)
        let b = Traced(name: "b", trace: trace)
        let c = Traced(name: "c", trace: trace)
        #expect(((a <> b) <> c).members.count == 3)
        #expect((a <> (b <> c)).members.count == 3)
        #expect(((a <> b) <> (c <> a)).members.count == 4)
    }

    @Test func identityMiddlewaresAreDropped() {
        let a = Traced(name: "a", trace: Trace())
        let identity = IdentityMiddleware<String, String, Int>()
        #expect((a <> identity).members.count == 1)
        #expect((identity <> a).members.count == 1)
        #expect((identity <> identity).members.isEmpty)
        #expect((Composed.identity <> Composed.identity).members.isEmpty)
    }

    @Test func appendFlattensAndDropsIdentity() {
        let trace = Trace()
        var composed = Composed()
        composed.append(middleware: Traced(name: "a", trace: trace))
        composed.append(middleware: IdentityMiddleware())
        composed.append(middleware: Traced(name: "b", trace: trace) <> Traced(name: "c", trace: trace))
        #expect(composed.members.count == 3)
        #expect(run(composed, trace: trace).trace.prefix(3) == ["a.handle(0)", "b.handle(0)", "c.handle(0)"])
    }

    @Test func emptyCompositionReturnsPureIO() {
        let io = Composed().handle(action: "x", from: .here(), state: { 0 })
        #expect(io.isPure)
    }

    @Test func compositionOfPureIOsIsPure() {
        let silent = AnyMiddleware<String, String, Int> { _, _, _ in .pure() }
        let io = (silent <> silent <> IdentityMiddleware()).handle(action: "x", from: .here(), state: { 0 })
        #expect(io.isPure)
    }

    @Test func identityMiddlewareReturnsPureIO() {
        let identity = IdentityMiddleware<String, String, Int>()
        #expect(identity.handle(action: "x", from: .here(), state: { 0 }).isPure)
        #expect((identity <> IdentityMiddleware()).handle(action: "x", from: .here(), state: { 0 }).isPure)
    }

    @Test func everyMiddlewareReceivesTheSameSource() {
        let recorder = Recorder<String>()
        let seeing = AnyMiddleware<String, String, Int> { action, source, _ in
            recorder.append(DispatchedAction(action, dispatcher: source))
            return .pure()
        }
        let harness = PipelineHarness(state: 0, middleware: seeing <> seeing)
        harness.send("x", info: "tap")
        #expect(recorder.values.count == 2)
        #expect(recorder.values[0] == recorder.values[1])
        #expect(recorder.values[0].dispatcher.info == "tap")
        #expect(recorder.values[0].dispatcher.function == "everyMiddlewareReceivesTheSameSource()")
    }
}
