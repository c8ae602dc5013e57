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
}
