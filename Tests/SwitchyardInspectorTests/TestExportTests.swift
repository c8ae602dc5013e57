import Foundation
import Switchyard
import Testing

@testable import SwitchyardInspector

// Each literal below is pinned as text, and the same text is compiled here as Swift that must rebuild the value:
// what the exported test writes compiles and means what it recorded.

struct Shelf: Equatable {
    var names: [String] = []
    var grid: [[Int]] = []
}

struct Ledger: Equatable {
    var counts: [String: Int] = [:]
    var empty: [String: Int] = [:]
    var byID: [Int: [String]] = [:]
}

struct Profile: Equatable {
    var nickname: String?
    var email: String?
    var lastSeen: Int??
    var score: Int??
}

enum Command: Equatable {
    case open(Screen, animated: Bool)
    case close
    case batch([Command])
}

enum Screen: Equatable {
    case home
    case item(id: Int, String)
    case search(query: String?)
}

struct Tags: Equatable {
    var names: Set<String> = []
    var ids: Set<Int> = []
    var empty: Set<Int> = []
}

struct Reading: Equatable {
    var isOn: Bool
    var ratio: Double
    var peak: Double
    var floor: Float
    var lowest: Int
    var takenAt: Date
    var id: UUID
    var link: URL
    var bytes: Data
    var price: Decimal
}

struct Outer: Equatable {
    struct Inner: Equatable { var flag: Bool }
    var inner: Inner
    var box: Box<Int?>
}

struct Box<Value: Equatable>: Equatable { var value: Value }

/// A literal as the exported test writes it, from the start of a line.
func literal(_ value: Any) -> String {
    var writer = SwiftLiteralWriter()
    return writer.write(value, column: 0, indent: 0, qualified: true)
}

/// Where the app's actions come from in the export tests: a source that does not move with this file's lines.
let searchView = ActionSource(file: "App/SearchView.swift", function: "body", line: 7, info: nil)

/// Answers each search with one result, from a source that does not move with this file's lines.
struct PinnedSearchMiddleware: MiddlewareProtocol, Sendable {
    static let source = ActionSource(file: "App/SearchMiddleware.swift", function: "handle", line: 12, info: nil)

    func handle(action: AppAction, from dispatcher: ActionSource, state: @escaping GetState<AppState>) -> IO<AppAction>
    {
        guard case .search(let query) = action else { return .pure() }
        return IO { output in output.dispatch(DispatchedAction(.results([query + " 1"]), dispatcher: Self.source)) }
    }
}

func makePinnedStore() -> Store<AppAction, AppState> {
    Store(initialState: AppState(), reducer: appReducer, middleware: PinnedSearchMiddleware())
}

@Suite struct TestExportTests {
    // MARK: - Literals

    @Test func arraysAreLiteralsOnOneLineWhenTheyFitAndOneElementALineOtherwise() {
        var shelf = Shelf()
        shelf.names = ["Swift", "[0]: not an index label"]
        shelf.grid = [[1, 2], []]
        #expect(literal(shelf) == #"Shelf(names: ["Swift", "[0]: not an index label"], grid: [[1, 2], []])"#)
        #expect(shelf == Shelf(names: ["Swift", "[0]: not an index label"], grid: [[1, 2], []]))

        let long = Shelf(names: (1...12).map { "item \($0)" })
        #expect(
            literal(long) == """
                Shelf(
                    names: [
                        "item 1",
                        "item 2",
                        "item 3",
                        "item 4",
                        "item 5",
                        "item 6",
                        "item 7",
                        "item 8",
                        "item 9",
                        "item 10",
                        "item 11",
                        "item 12"
                    ],
                    grid: []
                )
                """)
    }

    @Test func dictionariesAreLiteralsSortedByKeyAndAnEmptyOneIsTheEmptyDictionaryLiteral() {
        var ledger = Ledger()
        for word in ["b", "a", "b", "c", "b", "c"] { ledger.counts[word, default: 0] += 1 }
        ledger.byID = [2: ["x"], 1: []]
        #expect(literal(ledger) == #"Ledger(counts: ["a": 1, "b": 3, "c": 2], empty: [:], byID: [1: [], 2: ["x"]])"#)
        #expect(ledger == Ledger(counts: ["a": 1, "b": 3, "c": 2], empty: [:], byID: [1: [], 2: ["x"]]))
    }

    @Test func optionalsAreNilOrTheirValueAndAPresentNilIsSomeNil() {
        let profile = Profile(nickname: nil, email: "a@b.example", lastSeen: .some(nil), score: 3)
        #expect(literal(profile) == #"Profile(nickname: nil, email: "a@b.example", lastSeen: .some(nil), score: 3)"#)
        #expect(profile == Profile(nickname: nil, email: "a@b.example", lastSeen: .some(nil), score: 3))
        #expect(
            literal(Profile(nickname: "n", email: nil, lastSeen: nil, score: nil)).hasSuffix(
                "lastSeen: nil, score: nil)"))
    }

    @Test func nestedEnumsAreCasesWithTheirLabelledAndUnlabelledValues() {
        #expect(literal(Screen.item(id: 7, "Swift")) == #"Screen.item(id: 7, "Swift")"#)
        #expect(literal(Screen.home) == "Screen.home")
        let command = Command.batch([
            .open(.item(id: 7, "Swift"), animated: true), .open(.search(query: nil), animated: false), .close,
        ])
        #expect(
            literal(command) == """
                Command.batch(
                    [
                        .open(.item(id: 7, "Swift"), animated: true),
                        .open(.search(query: nil), animated: false),
                        .close
                    ]
                )
                """)
        #expect(
            command
                == Command.batch(
                    [
                        .open(.item(id: 7, "Swift"), animated: true),
                        .open(.search(query: nil), animated: false),
                        .close,
                    ]
                ))
        // Inside a value, a case is written without its type, which the property's type gives.
        #expect(literal(Box(value: Screen.search(query: "q"))) == #"Box<Screen>(value: .search(query: "q"))"#)
    }

    @Test func setsAreArrayLiteralsSortedByTheirText() {
        var tags = Tags()
        for name in ["swift", "concurrency", "actors"] { tags.names.insert(name) }
        tags.ids = Set([3, 1, 2])
        #expect(literal(tags) == #"Tags(names: ["actors", "concurrency", "swift"], ids: [1, 2, 3], empty: [])"#)
        #expect(tags == Tags(names: ["actors", "concurrency", "swift"], ids: [1, 2, 3], empty: []))
    }

    @Test func stringsAreOneLineLiteralsWithTheirEscapes() {
        let string = "quote \" backslash \\ line\nbreak\r tab\t nul\0 bell" + String(UnicodeScalar(7)) + " é 🚀 #"
        #expect(literal(string) == #""quote \" backslash \\ line\nbreak\r tab\t nul\0 bell\u{7} é 🚀 #""#)
        #expect(string == "quote \" backslash \\ line\nbreak\r tab\t nul\0 bell\u{7} é 🚀 #")
        // A combining mark at the start would combine with the opening quote.
        #expect(literal("\u{301}e") == #""\u{301}e""#)
        #expect(literal("\u{20DD}x\u{301}") == "\"\\u{20DD}x\u{301}\"")
        // Format characters, such as those that reverse the text's direction, are escaped.
        #expect(literal("a\u{202E}b") == #""a\u{202E}b""#)
        #expect(literal(Character("x")) == #""x""#)
    }

    @Test func numbersBooleansAndFoundationValuesAreWrittenByWhatRebuildsThemExactly() {
        let reading = Reading(
            isOn: true,
            ratio: 0.1 + 0.2,
            peak: -.infinity,
            floor: 1.5,
            lowest: .min,
            takenAt: Date(timeIntervalSince1970: 1_700_000_000.25),
            id: UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!,
            link: URL(string: "https://example.com/a?b=c")!,
            bytes: Data([0, 255]),
            price: Decimal(string: "12.5")!
        )
        var writer = SwiftLiteralWriter()
        #expect(
            writer.write(reading, column: 0, indent: 0) == """
                Reading(
                    isOn: true,
                    ratio: 0.30000000000000004,
                    peak: -.infinity,
                    floor: 1.5,
                    lowest: -9223372036854775808,
                    takenAt: Date(timeIntervalSinceReferenceDate: 721692800.25),
                    id: UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!,
                    link: URL(string: "https://example.com/a?b=c")!,
                    bytes: Data([0, 255]),
                    price: Decimal(string: "12.5")!
                )
                """)
        #expect(writer.needsFoundation)
        #expect(
            reading
                == Reading(
                    isOn: true,
                    ratio: 0.30000000000000004,
                    peak: -.infinity,
                    floor: 1.5,
                    lowest: -9223372036854775808,
                    takenAt: Date(timeIntervalSinceReferenceDate: 721692800.25),
                    id: UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!,
                    link: URL(string: "https://example.com/a?b=c")!,
                    bytes: Data([0, 255]),
                    price: Decimal(string: "12.5")!
                ))
        #expect(literal(Double.nan) == ".nan")
    }

    @Test func nestedAndGenericTypesAreNamedAsCodeThatImportsTheirModuleNamesThem() {
        let outer = Outer(inner: Outer.Inner(flag: true), box: Box(value: nil))
        #expect(literal(outer) == "Outer(inner: Outer.Inner(flag: true), box: Box<Optional<Int>>(value: nil))")
        #expect(outer == Outer(inner: Outer.Inner(flag: true), box: Box<Optional<Int>>(value: nil)))
    }

    // MARK: - The exported test

    @Test func aSkippedFollowUpIsReceivedAsIfNotSkippedBecauseTheMiddlewareDispatchesItAgain() async {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(DispatchedAction(.search("swift"), dispatcher: searchView))
        store.dispatch(DispatchedAction(.favorite("swift 1"), dispatcher: searchView))
        #expect(await inspector.setSkipped(2, true))
        #expect(inspector.state(after: 3)?.results == [])
        #expect(
            inspector.exportTest(imports: ["App"]) == """
                import Testing
                import SwitchyardTesting
                import App
                @testable import SwitchyardInspectorTests

                /// Replays the 3 actions that the inspector recorded, #1 to #3.
                @Test func replaysInspectorSession() async {
                    let store = TestStore(
                        initialState: AppState(query: "", results: [], favorites: []),
                        reducer: appReducer,
                        middleware: appMiddleware
                    )
                    // #1, from App/SearchView.swift:7
                    await store.send(AppAction.search("swift")) {
                        $0.query = "swift"
                    }
                    // #2, from App/SearchMiddleware.swift:12
                    // Skipped in the inspector, but replayed: the middleware dispatches it again in this test.
                    // A test without middleware leaves skipped actions out, as the inspector's replay does.
                    await store.receive(AppAction.results(["swift 1"])) {
                        $0.results = ["swift 1"]
                    }
                    // #3, from App/SearchView.swift:7
                    await store.send(AppAction.favorite("swift 1")) {
                        $0.favorites = ["swift 1"]
                    }
                    // The recording ends here: what effects still running dispatch afterwards is not part of it.
                    store.exhaustivity = .off
                }

                """)
        // Without middleware, the test is the inspector's replay: the skipped action is left out.
        #expect(
            inspector.exportTest(middleware: nil, imports: ["App"]) == """
                import Testing
                import SwitchyardTesting
                import App
                @testable import SwitchyardInspectorTests

                /// Replays the 3 actions that the inspector recorded, #1 to #3.
                @Test func replaysInspectorSession() async {
                    let store = TestStore(
                        initialState: AppState(query: "", results: [], favorites: []),
                        reducer: appReducer
                    )
                    // #1, from App/SearchView.swift:7
                    await store.send(AppAction.search("swift")) {
                        $0.query = "swift"
                    }
                    // #2, skipped in the inspector, is left out: AppAction.results(["swift 1"])
                    // #3, from App/SearchView.swift:7
                    await store.send(AppAction.favorite("swift 1")) {
                        $0.favorites = ["swift 1"]
                    }
                }

                """)
    }

    @Test func aSkippedActionOfTheAppIsSentAsIfNotSkippedSinceItsFollowUpsAreReplayed() async {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(DispatchedAction(.search("swift"), dispatcher: searchView))
        #expect(await inspector.setSkipped(1, true))
        let source = inspector.exportTest()
        #expect(source.contains("// Skipped in the inspector, but sent: what the middleware dispatched for it is"))
        #expect(source.contains(#"await store.send(AppAction.search("swift")) {"#))
        #expect(source.contains(#"await store.receive(AppAction.results(["swift 1"])) {"#))
    }

    @Test func aHistoryThatLetItsOldestActionsGoStartsFromItsBaseAndSendsAFollowUpWhoseCauseWentWithThem() {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store, capacity: 3)
        store.dispatch(DispatchedAction(.search("a"), dispatcher: searchView))
        store.dispatch(DispatchedAction(.search("b"), dispatcher: searchView))
        #expect(inspector.dropped == 1)
        let source = inspector.exportTest()
        #expect(
            source.contains(
                "/// Replays the 3 actions that the inspector recorded, #2 to #4, from the state after the older"))
        #expect(source.contains(#"initialState: AppState(query: "a", results: [], favorites: []),"#))
        #expect(
            source.contains(
                """
                    // #2, from App/SearchMiddleware.swift:12
                    // Dispatched by a middleware for an action that the history does not hold: sent, as no
                    // middleware of this test dispatches it.
                    await store.send(AppAction.results(["a 1"])) {
                """))
        #expect(source.contains(#"await store.receive(AppAction.results(["b 1"])) {"#))
    }

    @Test func aJumpLeavesTheExportAsItWas() async {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(DispatchedAction(.search("swift"), dispatcher: searchView))
        let exported = inspector.exportTest()
        #expect(await inspector.jump(to: 1))
        #expect(inspector.exportTest() == exported)
        await inspector.returnToPresent()
        #expect(inspector.exportTest() == exported)
        // One action held meanwhile is processed as if dispatched then, its follow-up after it.
        #expect(await inspector.jump(to: 1))
        store.dispatch(DispatchedAction(.favorite("held"), dispatcher: searchView))
        await inspector.returnToPresent()
        #expect(inspector.exportTest().contains(#"await store.send(AppAction.favorite("held")) {"#))
        #expect(!inspector.exportTest().contains("afterTravel"))
    }

    @Test func actionsHeldDuringATravelAreReplayedByTheReducerAloneFromTheStateBeforeThem() async {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(DispatchedAction(.search("swift"), dispatcher: searchView))
        #expect(await inspector.jump(to: 1))
        store.dispatch(DispatchedAction(.search("held"), dispatcher: searchView))
        store.dispatch(DispatchedAction(.favorite("held"), dispatcher: searchView))
        await inspector.returnToPresent()
        // The search's result came after the favorite: the store processed both held actions first.
        #expect(
            inspector.actions.map(\.action) == [
                .search("swift"), .results(["swift 1"]), .search("held"), .favorite("held"), .results(["held 1"]),
            ])
        #expect(
            inspector.exportTest() == """
                import Testing
                import SwitchyardTesting
                @testable import SwitchyardInspectorTests

                /// Replays the 5 actions that the inspector recorded, #1 to #5.
                @Test func replaysInspectorSession() async {
                    let store = TestStore(
                        initialState: AppState(query: "", results: [], favorites: []),
                        reducer: appReducer,
                        middleware: appMiddleware
                    )
                    // #1, from App/SearchView.swift:7
                    await store.send(AppAction.search("swift")) {
                        $0.query = "swift"
                    }
                    // #2, from App/SearchMiddleware.swift:12
                    await store.receive(AppAction.results(["swift 1"])) {
                        $0.results = ["swift 1"]
                    }
                    // From #3 on, the actions held while the inspector showed the past were processed together on
                    // the return to the present, each before what the others caused; a test store processes what an
                    // action causes before the next one. So the reducer alone replays the rest, from the state
                    // before #3, with the states that the inspector shows.
                    store.exhaustivity = .off
                    let afterTravel = TestStore(
                        initialState: AppState(query: "swift", results: ["swift 1"], favorites: []),
                        reducer: appReducer
                    )
                    // #3, from App/SearchView.swift:7
                    await afterTravel.send(AppAction.search("held")) {
                        $0.query = "held"
                    }
                    // #4, from App/SearchView.swift:7
                    await afterTravel.send(AppAction.favorite("held")) {
                        $0.favorites = ["held"]
                    }
                    // #5, from App/SearchMiddleware.swift:12
                    await afterTravel.send(AppAction.results(["held 1"])) {
                        $0.results = ["held 1"]
                    }
                }

                """)
    }

    @Test func theHeldMarkSurvivesASessionExportedAndImported() async throws {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        #expect(await inspector.jump(to: 1))
        store.dispatch(.favorite("b"))
        store.dispatch(.favorite("c"))
        await inspector.returnToPresent()
        let exported = try inspector.exportSession()
        let other = StoreInspector(inspecting: makeStore())
        try other.importSession(exported)
        #expect(other.recorder.withState { $0.history.entries(after: nil).map(\.wasHeld) } == [false, true, true])
        #expect(other.exportTest().contains("let afterTravel = TestStore("))
    }

    @Test func anActionThatChangesNothingIsSentWithoutAssertionAndANonStructStateIsAssignedWhole() {
        let store = Store(
            initialState: 0,
            reducer: Reducer<String, Int>.reduce { action, count in
                if action == "add" { count += 1 }
            })
        let inspector = StoreInspector(inspecting: store)
        store.dispatch("add")
        store.dispatch("look")
        let source = inspector.exportTest(middleware: nil)
        #expect(source.contains("    await store.send(\"add\") {\n        $0 = 1\n    }\n"))
        #expect(source.contains("    await store.send(\"look\")\n"))
    }
}
