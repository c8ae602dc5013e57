import Switchyard
import Testing

@Suite struct MiddlewareReaderTests {
    private typealias Traced = TraceMiddleware<String, Int>
    private typealias Composed = ComposedMiddleware<String, String, Int>

    private struct Dependencies {
        var name: String
        var suffix: String
    }

    private struct World {
        var dependencies: Dependencies
        var version: Int
    }

    private struct Wrapper: Equatable {
        var count: Int
    }

    private let dependencies = Dependencies(name: "n", suffix: "?")

    /// A reader of a traced middleware named after the dependencies, that answers every action with `action+suffix`.
    private func reader(_ trace: Trace, tag: String = "") -> MiddlewareReader<Dependencies, Traced> {
        MiddlewareReader { dependencies in
            Traced(name: dependencies.name + tag, trace: trace) { [$0 + dependencies.suffix] }
        }
    }

    /// Sends "x" through `middleware` with a counting reducer and returns the trace and the dispatched actions.
    private func run<M: MiddlewareProtocol<String, String, Int>>(
        _ middleware: M,
        trace: Trace
    ) -> (trace: [String], dispatched: [String]) {
        let harness = PipelineHarness(state: 0, reducer: Reducer { _, count in count += 1 }, middleware: middleware)
        harness.send("x")
        return (trace.entries, harness.dispatched.actions)
    }

    @Test func injectBuildsTheMiddlewareFromItsDependencies() {
        let trace = Trace()
        let middleware = reader(trace).inject(dependencies)
        #expect(middleware.name == "n")
        #expect(run(middleware, trace: trace) == (["n.handle(0)", "n.io(1)"], ["x?"]))
    }

    @Test func compositionInjectsBothAndComposesInOrder() {
        let trace = Trace()
        let a = reader(trace, tag: "a").mapMiddleware { Composed() <> $0 }
        let b = reader(trace, tag: "b").mapMiddleware { Composed() <> $0 }
        let result = run((a <> b).inject(dependencies), trace: trace)
        #expect(result.trace == ["na.handle(0)", "nb.handle(0)", "nb.io(1)", "na.io(1)"])
        #expect(result.dispatched == ["x?", "x?"])
    }

    @Test func readerCompositionLawsHold() {
        func traces(
            _ build: (MiddlewareReader<Dependencies, Composed>...) -> MiddlewareReader<Dependencies, Composed>
        )
            -> [String]
        {
            let trace = Trace()
            let readers = ["a", "b", "c"].map { tag in reader(trace, tag: tag).mapMiddleware { Composed() <> $0 } }
            return run(build(readers[0], readers[1], readers[2]).inject(dependencies), trace: trace).trace
        }
        let leftGrouped = traces { r in (r[0] <> r[1]) <> r[2] }
        #expect(leftGrouped == traces { r in r[0] <> (r[1] <> r[2]) })
        #expect(leftGrouped.count == 6)
        #expect(traces { r in MiddlewareReader { _ in Composed() } <> r[0] } == traces { r in r[0] })
        #expect(traces { r in r[0] <> MiddlewareReader { _ in Composed() } } == traces { r in r[0] })
    }

    @Test func freeCompositionOfDifferentMiddlewareTypesGivesAComposedMiddleware() {
        let trace = Trace()
        let closure = MiddlewareReader<Dependencies, AnyMiddleware<String, String, Int>> { dependencies in
            AnyMiddleware { action, _, _ in
                trace.append("closure \(dependencies.name)")
                return .pure()
            }
        }
        let composed: MiddlewareReader<Dependencies, Composed> = reader(trace) <> closure
        let middleware = composed.inject(dependencies)
        #expect(middleware.members.count == 2)
        #expect(run(middleware, trace: trace).trace == ["n.handle(0)", "closure n", "n.io(1)"])
    }

    @Test func mapMiddlewareTransformsTheInjectedMiddleware() {
        let trace = Trace()
        let lifted = reader(trace).mapMiddleware { $0.lift(state: \Wrapper.count) }
        let harness = PipelineHarness(state: Wrapper(count: 5), middleware: lifted.inject(dependencies))
        harness.send("y")
        #expect(trace.entries == ["n.handle(5)", "n.io(5)"])
        #expect(harness.dispatched.actions == ["y?"])
    }

    @Test func contramapDependenciesExtractsTheDependenciesFromBiggerOnes() {
        let trace = Trace()
        let fromWorld = reader(trace).contramapDependencies { (world: World) in world.dependencies }
        let middleware = fromWorld.inject(World(dependencies: Dependencies(name: "w", suffix: "!"), version: 1))
        #expect(run(middleware, trace: trace) == (["w.handle(0)", "w.io(1)"], ["x!"]))
    }

    @Test func contramapThenMapLiftsDependenciesAndMiddleware() {
        let trace = Trace()
        let global = reader(trace).contramapDependencies(\World.dependencies).mapMiddleware {
            $0.lift(state: \Wrapper.count)
        }
        let harness = PipelineHarness(
            state: Wrapper(count: 1), middleware: global.inject(World(dependencies: dependencies, version: 3)))
        harness.send("q")
        #expect(trace.entries == ["n.handle(1)", "n.io(1)"])
        #expect(harness.dispatched.actions == ["q?"])
    }
}
