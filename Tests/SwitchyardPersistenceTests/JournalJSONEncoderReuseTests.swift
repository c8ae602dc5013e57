import Foundation
import Testing

@testable import SwitchyardPersistence

/// The journal's writer encodes its actions one after the other with one `JournalJSONEncoder.Reusing`, whose output
/// keeps its storage from one value to the next: each value's JSON is the one a fresh output writes, whatever came
/// before it.
@Suite struct JournalJSONEncoderReuseTests {
    typealias Action = JournalJSONDecoderTests.Action

    /// Values of every kind, in an order where each follows one that could leave something behind: a deep value, a
    /// value this writer gives up on (left to Foundation's), one whose encoding throws, and a text larger than what an
    /// output keeps.
    static let values: [any Encodable & Sendable] =
        JournalJSONDecoderTests.actions.map { $0 as any Encodable & Sendable } + [
            JournalJSONDecoderTests.TwoContainers(), Action.plain, JournalJSONDecoderTests.KeyTwice(),
            Action.text("after a key written twice"), JournalJSONDecoderTests.NestedUsedLate(),
            Action.flags(true, false), JournalJSONDecoderTests.Foundations(), Action.optional("x", 1),
            Action.text(String(repeating: "large ", count: 20_000)), Action.kind(.small, []),
            [JournalJSONDecoderTests.Nothing()], Action.plain,
        ]

    @Test func aReusedOutputWritesEachValueAsAFreshOneDoes() {
        let reusing = JournalJSONEncoder.Reusing()
        for (index, value) in Self.values.enumerated() {
            let counting = JournalJSONDecoderTests.CountingEncoder()
            let fresh = Result { try JournalJSONEncoder.encode(value, orWith: counting) }
            let reused = Result { try JournalJSONEncoder.encode(value, orWith: reusing) }
            // What a fresh output writes itself, the reused one writes itself too, rather than leaving it to
            // Foundation's encoder after an earlier value did.
            if counting.calls == 0, case .success(let reused) = reused {
                #expect(Data(reusing.output.bytes) == reused, "value \(index)")
            }
            switch (fresh, reused) {
            case (.success(let fresh), .success(let reused)):
                // The same bytes; or, for a value left to Foundation's encoder, whose key order differs from one
                // encoding to the next, the same JSON with its keys sorted.
                let same = reused == fresh || (Self.sorted(reused) != nil && Self.sorted(reused) == Self.sorted(fresh))
                #expect(same, "value \(index): \(String(decoding: reused, as: UTF8.self))")
            case (.failure(let fresh), .failure(let reused)):
                #expect("\(reused)" == "\(fresh)", "value \(index)")
            default: Issue.record("value \(index): a fresh output: \(fresh); a reused one: \(reused)")
            }
        }
    }

    /// `text` read and written again with its keys sorted; `nil` when it is not JSON.
    static func sorted(_ text: Data) -> Data? {
        let object = try? JSONSerialization.jsonObject(with: text, options: .fragmentsAllowed)
        return object.flatMap {
            try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed])
        }
    }

    @Test func anOutputLetsGoOfATextLargerThanItKeeps() throws {
        let reusing = JournalJSONEncoder.Reusing()
        _ = try JournalJSONEncoder.encode(Action.text(String(repeating: "x", count: 200_000)), orWith: reusing)
        #expect(reusing.output.bytes.capacity > JournalJSONEncoder.Output.keptCapacity)
        let small = try JournalJSONEncoder.encode(Action.plain, orWith: reusing)
        #expect(small == (try JournalJSONEncoder.encode(Action.plain, orWith: JSONEncoder())))
        #expect(reusing.output.bytes.capacity <= JournalJSONEncoder.Output.keptCapacity)
    }
}
