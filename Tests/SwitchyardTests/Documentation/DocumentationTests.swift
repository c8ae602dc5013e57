import Foundation
import Testing

/// Every Swift code block of the documentation is compiled: it must appear, verbatim, in a fixture file that the
/// build compiles.
///
/// For an article `Name.md` of the DocC catalog, the fixture is the file `NameSnippets.swift` anywhere under
/// `Tests/`; for `README.md` it is `ReadmeSnippets.swift`. A few articles show the code of the `Examples/` package,
/// which CI compiles and runs, or of tests in other targets; those files count as fixtures of these articles too. The comparison ignores the
/// leading and trailing whitespace of every line and blank lines, so a fixture may nest a block in a type or a
/// function. Blocks that are not Swift (diagrams, shell commands, output) use `text`, `shell` or `console` fences.
@Suite struct DocumentationTests {
    @Test(arguments: Documentation.documents())
    func everySwiftBlockAppearsInItsFixture(document: String) throws {
        let markdown = try String(contentsOf: Documentation.root.appending(path: document), encoding: .utf8)
        let blocks = Documentation.swiftBlocks(in: markdown)
        let fixtures = Documentation.fixtures(for: document)
        print("checked \(document): \(blocks.count) Swift blocks, fixtures \(fixtures.map(\.lastPathComponent))")
        guard !blocks.isEmpty else { return }
        #expect(
            !fixtures.isEmpty, "\(document) has Swift blocks but no fixture \(Documentation.fixtureName(for: document))"
        )
        let compiled = try fixtures.map {
            "\n" + Documentation.normalized(try String(contentsOf: $0, encoding: .utf8)) + "\n"
        }
        for (number, block) in blocks.enumerated() {
            let needle = "\n" + Documentation.normalized(block) + "\n"
            #expect(
                compiled.contains { $0.contains(needle) },
                "Swift block \(number + 1) of \(document) is not in its fixture:\n\(block)"
            )
        }
    }

    @Test func theCatalogHasItsArticles() {
        let documents = Set(Documentation.documents())
        let expected = [
            "README.md", "Sources/Switchyard/Switchyard.docc/Switchyard.md",
            "Sources/Switchyard/Switchyard.docc/ChoosingAnAPI.md",
            "Sources/Switchyard/Switchyard.docc/GettingStarted.md",
            "Sources/Switchyard/Switchyard.docc/BuildingAWholeApp.md",
            "Sources/Switchyard/Switchyard.docc/WritingMiddlewares.md",
            "Sources/Switchyard/Switchyard.docc/LiftingAndComposing.md",
            "Sources/Switchyard/Switchyard.docc/BridgingModules.md",
            "Sources/Switchyard/Switchyard.docc/RuntimeMiddlewares.md",
            "Sources/Switchyard/Switchyard.docc/ThreadingAndOrdering.md",
            "Sources/Switchyard/Switchyard.docc/MigratingFromSwiftRex.md",
            "Sources/Switchyard/Switchyard.docc/MigratingFromReSwift.md",
            "Sources/Switchyard/Switchyard.docc/AsyncEffects.md",
            "Sources/Switchyard/Switchyard.docc/TestingWithTestStore.md",
            "Sources/Switchyard/Switchyard.docc/Performance.md",
            "Sources/Switchyard/Switchyard.docc/UsingCombine.md",
            "Sources/Switchyard/Switchyard.docc/DrivingSwiftUIViews.md",
            "Sources/Switchyard/Switchyard.docc/InspectingAStore.md",
            "Sources/Switchyard/Switchyard.docc/PersistingState.md",
            "Sources/Switchyard/Switchyard.docc/ExtendingTheStore.md",
            "Sources/Switchyard/Switchyard.docc/TracingAndMetrics.md",
        ]
        for document in expected {
            #expect(documents.contains(document), "missing \(document)")
        }
    }

    @Test func blocksAreExtractedByLanguage() {
        let markdown = """
            Text.

            ```swift
            let a = 1

                let b = 2
            ```

            ```text
            not swift
            ```
            """
        #expect(Documentation.swiftBlocks(in: markdown) == ["let a = 1\n\n    let b = 2\n"])
        #expect(Documentation.normalized("  let a = 1\n\n\tlet b = 2  \n") == "let a = 1\nlet b = 2")
    }
}

/// Finds the documentation and its fixtures relative to this file.
enum Documentation {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Documentation
        .deletingLastPathComponent()  // SwitchyardTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The DocC catalog, relative to the root.
    static let catalog = "Sources/Switchyard/Switchyard.docc"

    /// Other compiled files that articles quote: code of the `Examples/` package (compiled and run by CI) and tests
    /// of other test targets.
    static let alsoQuotedFrom: [String: [String]] = [
        "AsyncEffects": [
            "Tests/SwitchyardTestingTests/Fixtures/FavoritesAPIMiddleware.swift",
            "Tests/SwitchyardTestingTests/FavoritesAPIMiddlewareTests.swift",
            "Tests/SwitchyardTestingTests/Documentation/TestingWithTestStoreSnippets.swift",
        ],
        "LiftingAndComposing": [
            "Examples/Sources/BridgeExample/AppAction.swift",
            "Examples/Sources/AppLifecycleMiddleware/AppLifecycleMiddleware.swift",
        ],
        "BridgingModules": [
            "Examples/Sources/BridgeExample/BridgeLifecycleToReachability.swift",
            "Examples/Sources/BridgeExample/main.swift",
        ],
        "InspectingAStore": ["Examples/Sources/InspectorExample/main.swift"],
        "RuntimeMiddlewares": [
            "Examples/Sources/CounterState/CounterState.swift",
            "Examples/Sources/InjectionExample/main.swift",
        ],
        "TracingAndMetrics": ["Examples/Observability/Sources/ObservabilityExample/main.swift"],
        "BuildingAWholeApp": ["Examples/Observability/Sources/ObservabilityExample/main.swift"],
    ]

    /// The README and every article of the catalog, as paths relative to the root, sorted.
    static func documents() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: catalog).path)) ?? []
        return ["README.md"] + files.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }

    /// The fixture's file name for a document: `NameSnippets.swift`, `ReadmeSnippets.swift` for the README.
    static func fixtureName(for document: String) -> String {
        let name = articleName(of: document)
        return (name == "README" ? "Readme" : name) + "Snippets.swift"
    }

    /// The fixture files of a document that exist.
    static func fixtures(for document: String) -> [URL] {
        let wanted = fixtureName(for: document)
        var found: [URL] = []
        if let files = FileManager.default.enumerator(
            at: root.appending(path: "Tests"), includingPropertiesForKeys: nil)
        {
            for case let file as URL in files where file.lastPathComponent == wanted {
                found.append(file)
            }
        }
        for path in alsoQuotedFrom[articleName(of: document)] ?? [] {
            found.append(root.appending(path: path))
        }
        return found
    }

    /// The contents of every ```swift block of `markdown`, in order.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        var isSwift = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                guard trimmed.hasPrefix("```") else { continue }
                current = []
                isSwift = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces) == "swift"
            } else if trimmed == "```" {
                if isSwift, let lines = current { blocks.append(lines.map { $0 + "\n" }.joined()) }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// `text` without blank lines, each line without leading and trailing whitespace.
    static func normalized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    private static func articleName(of document: String) -> String {
        String(document.split(separator: "/").last ?? "").replacingOccurrences(of: ".md", with: "")
    }
}
