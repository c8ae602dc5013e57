import Foundation
import Testing

@Suite struct AsyncEffectsArticleTests {
    /// The repository's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: [
        ("Tests/SwitchyardTestingTests/Fixtures/FavoritesAPIMiddleware.swift", "favorites-middleware"),
        ("Tests/SwitchyardTestingTests/FavoritesAPIMiddlewareTests.swift", "favorites-tests"),
    ])
    func articleQuotesCompiledCode(file: String, region: String) throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/Switchyard/Switchyard.docc/AsyncEffects.md"),
            encoding: .utf8
        )
        let source = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let quoted = try #require(Self.region(region, in: source))
        #expect(article.contains("```swift\n" + quoted + "\n```"))
    }

    /// The lines between `// docs:begin name` and `// docs:end name`, without their common indentation.
    static func region(_ name: String, in source: String) -> String? {
        let lines = source.components(separatedBy: "\n")
        guard
            let begin = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// docs:begin \(name)" }),
            let end = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// docs:end \(name)" }),
            begin < end
        else { return nil }
        let body = lines[(begin + 1)..<end]
        let indentation =
            body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { String($0.dropFirst(indentation)) }.joined(separator: "\n")
    }
}
