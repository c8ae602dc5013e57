import SwitchyardSwiftRex
import SwitchyardTestSupport
import Testing

/// SwiftRex 0.8's reader combinators (`pure`, `flatMap`, `zip`) and its step-by-step composition (`init()`,
/// `append(middleware:)`), which the core spells with closures, `identity` and `<>`.
@Suite struct ReaderAndCompositionSpellingsTests {
    struct Dependencies {
        var name: String
        var suffix: String
    }

    /// A middleware that answers "x" with `"x" + suffix`, under a name.
    struct Named: MiddlewareProtocol, Sendable {
        var name: String
        var suffix: String

        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
            guard action == "x" else { return .pure() }
            let answer = action + suffix
            return IO { output in output.dispatch(answer) }
        }
    }

    typealias Composed = ComposedMiddleware<String, String, Int>

    static func reader(tag: String) -> MiddlewareReader<Dependencies, Named> {
        MiddlewareReader { Named(name: $0.name + tag, suffix: $0.suffix + tag) }
    }

    /// The actions a store with `middleware` receives for one "x": "x" itself, then each answer.
    private func actions<M: MiddlewareProtocol<String, String, Int> & Sendable>(through middleware: M) async -> [String]
    {
        let seen = LockedValue<[String]>([])
        let store = Store(
            initialState: 0, reducer: Reducer<String, Int> { action, _ in seen.withLock { $0.append(action) } },
            middleware: middleware)
        store.dispatch("x")
        await waitUntilIdle(store)
        return seen.withLock { $0 }
    }

    @Test func pureIgnoresTheDependencies() {
        let fixed = MiddlewareReader<Dependencies, Named>.pure(Named(name: "fixed", suffix: ""))
        #expect(fixed.inject(Dependencies(name: "a", suffix: "?")).name == "fixed")
        #expect(fixed.inject(Dependencies(name: "b", suffix: "!")).name == "fixed")
    }

    @Test func flatMapInjectsTheSameDependenciesIntoTheReaderItChooses() {
        let chosen = Self.reader(tag: "").flatMap { middleware in
            MiddlewareReader<Dependencies, Named> { Named(name: middleware.name + "+" + $0.suffix, suffix: "") }
        }
        #expect(chosen.inject(Dependencies(name: "n", suffix: "?")).name == "n+?")
    }

    @Test func zipInjectsTheSameDependenciesIntoReadersOfDifferentTypes() async {
        let identity = MiddlewareReader<Dependencies, IdentityMiddleware<String, String, Int>>.pure(
            IdentityMiddleware())
        let zipped = MiddlewareReader<Dependencies, Composed>.zip(
            Self.reader(tag: "1"), identity, Self.reader(tag: "3")
        ) { first, identity, third in first <> identity <> third }
        let middleware = zipped.inject(Dependencies(name: "d", suffix: "."))
        #expect(await actions(through: middleware) == ["x", "x.3", "x.1"])  // the IOs run last-composed first
    }

    @Test func appendBuildsTheCompositionThatChainingGives() async {
        var built = Composed()
        #expect(await actions(through: built) == ["x"])
        built.append(middleware: Named(name: "a", suffix: "a"))
        built.append(middleware: IdentityMiddleware())
        built.append(middleware: Named(name: "b", suffix: "b") <> Named(name: "c", suffix: "c"))
        let chained = Named(name: "a", suffix: "a") <> Named(name: "b", suffix: "b") <> Named(name: "c", suffix: "c")
        #expect(await actions(through: built) == ["x", "xc", "xb", "xa"])
        #expect(await actions(through: built) == actions(through: chained))
    }
}
