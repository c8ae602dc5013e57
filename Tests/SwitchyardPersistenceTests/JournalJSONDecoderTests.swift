import Foundation
import Switchyard
import Testing

@testable import SwitchyardPersistence

/// The journal's own JSON reader gives what `JSONDecoder` gives, value or error, for every text: it decodes what it
/// can, and leaves the rest to `JSONDecoder`. Its own JSON writer writes what `JSONDecoder` reads as the value, and
/// leaves to `JSONEncoder` what it cannot write as it goes.
@Suite struct JournalJSONDecoderTests {
    enum Kind: String, Codable, Equatable { case small, large }

    struct Nested: Codable, Equatable {
        var name: String
        var values: [Int]
        var optional: Double?
    }

    /// An action that reaches every kind of container and value a `Codable` action has.
    enum Action: Codable, Equatable {
        case plain
        case text(String)
        case numbers(Int8, Int16, Int32, Int64, UInt, UInt8, UInt16, UInt32, UInt64, Double)
        case flags(Bool, Bool?)
        case nested(Nested, [Nested], [String: Int], [Int: String])
        case kind(Kind, [Kind?])
        case date(Date)
        case foundation(Data, URL, Decimal, Float)
        case optional(String?, Int?)
    }

    static let actions: [Action] = [
        .plain,
        .text(""),
        .text("quote \" backslash \\ slash / tab \t newline \n control \u{1} é 漢字 🚀"),
        .numbers(-128, -32_768, .min, .min, .max, 255, 65_535, .max, .max, -1.5e-300),
        .numbers(0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        .numbers(127, 1, 2, .max, 1, 2, 3, 4, 5, 0.1),
        .flags(true, nil),
        .flags(false, true),
        .nested(
            Nested(name: "a", values: [], optional: nil),
            [Nested(name: "b", values: [1, -2, 3], optional: 2.5)], ["x": 1, "y": -1], [1: "one", -2: "two"]),
        .kind(.large, [.small, nil, .large]),
        .date(Date(timeIntervalSinceReferenceDate: 123_456.789)),
        .foundation(Data([0, 1, 255]), URL(string: "https://example.com/a?b=c")!, Decimal(string: "1.25")!, 0.1),
        .optional(nil, 3),
        .optional("present", nil),
    ]

    @Test func decodesWhatJSONEncoderWroteAsJSONDecoderDoes() throws {
        let data = try JSONEncoder().encode(Self.actions)
        let expected = try JSONDecoder().decode([Action].self, from: data)
        #expect(expected == Self.actions)
        #expect(try JournalJSONDecoder.decodeArray(Action.self, from: data, orWith: JSONDecoder()) == expected)
        for action in Self.actions {
            let one = try JSONEncoder().encode(action)
            #expect(try JournalJSONDecoder.decode(Action.self, from: one, orWith: JSONDecoder()) == action)
        }
    }

    /// Texts that `JSONEncoder` does not write but a migration may: spaces, escapes of every kind, numbers written
    /// otherwise, repeated keys, and texts that are not JSON.
    static let texts: [String] = [
        #" [ { "text" : { "_0" : "a\u00e9\ud83d\ude80\/\b\f\n\r\t" } } , "plain" ] "#,
        #"[{"plain":{}}]"#,
        #"[{"numbers":{"_0":1,"_1":2,"_2":3,"_3":4,"_4":5,"_5":6,"_6":7,"_7":8,"_8":9,"_9":1E2}}]"#,
        #"[{"numbers":{"_0":1.0,"_1":2,"_2":3,"_3":4,"_4":5,"_5":6,"_6":7,"_7":8,"_8":9,"_9":1}}]"#,
        #"[{"numbers":{"_0":128,"_1":2,"_2":3,"_3":4,"_4":5,"_5":6,"_6":7,"_7":8,"_8":9,"_9":1}}]"#,
        #"[{"numbers":{"_0":1,"_1":2,"_2":3,"_3":4,"_4":-0,"_5":6,"_6":7,"_7":8,"_8":9,"_9":1e400}}]"#,
        #"[{"text":{"_0":"first","_0":"second"}}]"#,
        #"[{"text":{"_0":"a"},"plain":{}}]"#,
        #"[{"optional":{"_0":null}}]"#,
        #"[{"text":{"_0":"\ud83d"}}]"#,
        #"[{"text":{"_0":"a"}},]"#,
        #"[{"text":{"_0":01}}]"#,
        #"[{"tex\u0074":{"_0":"escaped key"}}]"#,
        #"[{"kind":{"_0":"medium","_1":[]}}]"#,
        #"{"plain":{}}"#,
        "[\"\u{FF}\"]",
        "",
    ]

    @Test(arguments: texts)
    func givesJSONDecodersValueOrError(_ text: String) {
        let data = Data(text.utf8)
        let expected = Result { try JSONDecoder().decode([Action].self, from: data) }
        let decoded = Result { try JournalJSONDecoder.decodeArray(Action.self, from: data, orWith: JSONDecoder()) }
        switch (expected, decoded) {
        case (.success(let expected), .success(let decoded)): #expect(decoded == expected)
        case (.failure(let expected), .failure(let decoded)): #expect("\(decoded)" == "\(expected)")
        default: Issue.record("JSONDecoder: \(expected); the journal's reader: \(decoded)")
        }
    }

    /// The reader scans a string eight bytes at a time until a word holds a quote, a backslash or a control
    /// character: each of those (and a byte that is not ASCII) at every position of strings of every length up to
    /// three words is read by the reader itself, as `JSONDecoder` reads it, and a raw control character, which is not
    /// JSON, is left to `JSONDecoder` wherever it is.
    @Test func readsEveryCharacterThatEndsOrEscapesAStringWhereverItIs() throws {
        for special in ["\"", "\\", "\n", "\u{1}", "é", "\u{1F600}", "/"] {
            var strings: [String] = []
            for length in 1...24 {
                for position in 0..<length {
                    var characters = Array(repeating: Character("a"), count: length)
                    characters[position] = Character(special)
                    strings.append(String(characters))
                }
            }
            let data = try JSONEncoder().encode(strings)
            let fallback = CountingDecoder()
            #expect(try JournalJSONDecoder.decodeArray(String.self, from: data, orWith: fallback) == strings)
            #expect(fallback.calls == 0, "the reader gave \(special.unicodeScalars.first!.value) up")
        }
        for length in 1...24 {
            for position in 0..<length {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = 0x01
                let data = Data(
                    [UInt8(ascii: "["), UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\""), UInt8(ascii: "]")])
                let fallback = CountingDecoder()
                #expect(throws: (any Error).self) {
                    try JournalJSONDecoder.decodeArray(String.self, from: data, orWith: fallback)
                }
                #expect(fallback.calls == 1)
            }
        }
    }

    struct Lists: Codable, Equatable {
        var names: [String]
        var counts: [Int]
        var groups: [[String]]
        var maybe: [String?]
    }

    /// Arrays of strings and of integers, which the reader makes itself rather than through `Array(from:)`, read as
    /// `JSONDecoder` reads them, nested or not; an element of another type is left to `JSONDecoder`, whose error
    /// counts.
    @Test func readsArraysOfStringsAndIntegersItselfAndLeavesAMismatchToJSONDecoder() throws {
        let lists = Lists(
            names: ["a", "", "é\u{1F600}", "quote \" and \\"], counts: [0, -1, .max, .min], groups: [[], ["x", "y"]],
            maybe: ["z", nil])
        let fallback = CountingDecoder()
        #expect(try JournalJSONDecoder.decode(Lists.self, from: JSONEncoder().encode(lists), orWith: fallback) == lists)
        #expect(fallback.calls == 0)
        for text in [
            #"{"names":["a",1],"counts":[],"groups":[],"maybe":[]}"#,
            #"{"names":[],"counts":[1,"2"],"groups":[],"maybe":[]}"#,
            #"{"names":[],"counts":[1.5],"groups":[],"maybe":[]}"#,
            #"{"names":"a","counts":[],"groups":[],"maybe":[]}"#,
        ] {
            let data = Data(text.utf8)
            let fallback = CountingDecoder()
            let expected = Result { try JSONDecoder().decode(Lists.self, from: data) }
            let decoded = Result { try JournalJSONDecoder.decode(Lists.self, from: data, orWith: fallback) }
            #expect("\(decoded)" == "\(expected)")
            #expect(fallback.calls == 1)
        }
    }

    @Test func bytesThatAreNotUTF8AreLeftToJSONDecoder() {
        let data = Data([UInt8(ascii: "["), UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\""), UInt8(ascii: "]")])
        let expected = Result { try JSONDecoder().decode([String].self, from: data) }
        let decoded = Result { try JournalJSONDecoder.decodeArray(String.self, from: data, orWith: JSONDecoder()) }
        #expect("\(decoded)" == "\(expected)")
    }

    @Test func aJournalOfEveryKindOfActionRestoresTheSameActions() throws {
        let folder = TemporaryFolder()
        let path = folder.path("actions.sqlite")
        let reducer = Reducer<Action, [Action]> { action, state in state.append(action) }
        do {
            let persistence = try StatePersistence(path: path, initialState: [Action](), reducer: reducer)
            let store = Store(restoring: persistence)
            for action in Self.actions { store.dispatch(action) }
            persistence.close()
        }
        let restored = try StatePersistence(path: path, initialState: [Action](), reducer: reducer)
        defer { restored.close() }
        #expect(restored.restoredState == Self.actions)
    }

    @Test func writesJSONThatJSONDecoderReadsAsTheValue() throws {
        for action in Self.actions {
            let written = try JournalJSONEncoder.encode(action, orWith: JSONEncoder())
            #expect(try JSONDecoder().decode(Action.self, from: written) == action)
            #expect(try JournalJSONDecoder.decode(Action.self, from: written, orWith: JSONDecoder()) == action)
        }
        let actions = try JournalJSONEncoder.encode(Self.actions, orWith: JSONEncoder())
        #expect(try JSONDecoder().decode([Action].self, from: actions) == Self.actions)
    }

    enum Key: String, CodingKey { case a, b }

    /// A container written to while a container nested in it is still open: writing closes the nested one first.
    struct OuterAfterNested: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .a)
            try nested.encode(1, forKey: .a)
            try container.encode(2, forKey: .b)
        }
    }

    @Test func writesToAContainerWhoseNestedContainerIsStillOpen() throws {
        let output = JournalJSONEncoder.Output()
        try output.encodeValue(OuterAfterNested(), parent: nil, key: nil)
        #expect(!output.failed)  // written as it went, not left to `JSONEncoder`
        #expect(String(decoding: output.bytes, as: UTF8.self) == #"{"a":{"a":1},"b":2}"#)
    }

    /// Values whose `encode(to:)` uses its containers in ways that a writer writing as it goes cannot follow.
    struct TwoContainers: Encodable {
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: Key.self)
            try first.encode(1, forKey: .a)
            var second = encoder.container(keyedBy: Key.self)
            try second.encode(2, forKey: .b)
        }
    }

    struct KeyTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .a)
            try container.encode(2, forKey: .a)
        }
    }

    struct NestedUsedLate: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedUnkeyedContainer(forKey: .a)
            try nested.encode(1)
            try container.encode("b", forKey: .b)
            try nested.encode(2)
        }
    }

    struct SuperEncoder: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .a)
            try 2.encode(to: container.superEncoder())
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Foundations: Encodable {
        var values: [Float] = [0.1]
        var number = Double.nan
    }

    @Test(arguments: [
        TwoContainers() as any Encodable & Sendable, KeyTwice(), NestedUsedLate(), SuperEncoder(), [Nothing()],
        Foundations(),
    ])
    func leavesWhatItCannotWriteAsItGoesToJSONEncoder(_ value: any Encodable & Sendable) {
        let expected = Result { try JSONEncoder().encode(value) }
        let written = Result { try JournalJSONEncoder.encode(value, orWith: JSONEncoder()) }
        switch (expected, written) {
        case (.success(let expected), .success(let written)):
            // The same JSON, keys in any order: each text read and written again with its keys sorted.
            func sorted(_ text: Data) -> Data? {
                let object = try? JSONSerialization.jsonObject(with: text, options: .fragmentsAllowed)
                return object.flatMap {
                    try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed])
                }
            }
            #expect(sorted(written) != nil)
            #expect(sorted(written) == sorted(expected))
        case (.failure(let expected), .failure(let written)): #expect("\(written)" == "\(expected)")
        default: Issue.record("JSONEncoder: \(expected); the journal's writer: \(written)")
        }
    }

    @Test func aJournalWrittenByJSONEncoderRestores() throws {
        // The bytes the previous releases wrote for each action: `JSONEncoder`'s.
        let folder = TemporaryFolder()
        let path = folder.path("foundation.sqlite")
        let reducer = Reducer<Action, [Action]> { action, state in state.append(action) }
        let foundation = ActionJournaling<Action>.custom(
            encode: { try JSONEncoder().encode($0) }, decode: { try JSONDecoder().decode(Action.self, from: $0) })
        let many = (0..<10_000).map { Action.text("action \($0)") } + Self.actions
        do {
            let persistence = try StatePersistence(
                path: path, initialState: [Action](), reducer: reducer, journaling: foundation)
            let store = Store(restoring: persistence)
            for action in many { store.dispatch(action) }
            persistence.close()
        }
        let restored = try StatePersistence(path: path, initialState: [Action](), reducer: reducer)
        defer { restored.close() }
        #expect(restored.restoredState == many)
    }

    /// A `JSONDecoder` that counts the values asked of it.
    final class CountingDecoder: JSONDecoder, @unchecked Sendable {
        // Read and written by the test's thread only.
        var calls = 0
        override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            calls += 1
            return try super.decode(type, from: data)
        }
    }

    /// A `JSONEncoder` that counts the values given to it.
    final class CountingEncoder: JSONEncoder, @unchecked Sendable {
        // Read and written by the test's thread only.
        var calls = 0
        override func encode<T: Encodable>(_ value: T) throws -> Data {
            calls += 1
            return try super.encode(value)
        }
    }

    @Test func readsAndWritesCommonActionsWithoutFoundationsCoders() throws {
        // Every action but the one holding `Data`, `URL`, `Decimal` and `Float`, which Foundation's coders handle.
        let common = Self.actions.filter { if case .foundation = $0 { false } else { true } }
        let encoder = CountingEncoder()
        let written = try common.map { try JournalJSONEncoder.encode($0, orWith: encoder) }
        #expect(encoder.calls == 0)
        let decoder = CountingDecoder()
        let array = Data("[".utf8) + written.joined(separator: Data(",".utf8)) + Data("]".utf8)
        #expect(try JournalJSONDecoder.decodeArray(Action.self, from: array, orWith: decoder) == common)
        #expect(decoder.calls == 0)
        _ = try JournalJSONEncoder.encode(Self.actions, orWith: encoder)
        #expect(encoder.calls == 1)
    }

    /// A type that catches the errors of its container, as apps do to default a value.
    struct Lenient: Codable, Equatable {
        var ratio: Float
        var count: Int

        init(ratio: Float, count: Int) {
            self.ratio = ratio
            self.count = count
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            ratio = (try? container.decode(Float.self, forKey: .a)) ?? -1
            count = (try? container.decode(Int.self, forKey: .b)) ?? -1
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try? container.encode(ratio, forKey: .a)
            try container.encode(count, forKey: .b)
        }
    }

    @Test func aValueWhoseTypeCaughtAnErrorOfTheJournalsCodersIsCodedByFoundations() throws {
        let values = [Lenient(ratio: 0.5, count: 1), Lenient(ratio: 2, count: 2)]
        let foundation = try JSONEncoder().encode(values)
        #expect(try JournalJSONDecoder.decodeArray(Lenient.self, from: foundation, orWith: JSONDecoder()) == values)
        #expect(try JournalJSONDecoder.decode([Lenient].self, from: foundation, orWith: JSONDecoder()) == values)
        let written = try JournalJSONEncoder.encode(values, orWith: JSONEncoder())
        #expect(try JSONDecoder().decode([Lenient].self, from: written) == values)
        // A missing key is thrown as `JSONDecoder` throws it, and caught without giving the text up.
        let missing = Data(#"[{"b":1}]"#.utf8)
        let decoder = CountingDecoder()
        #expect(
            try JournalJSONDecoder.decodeArray(Lenient.self, from: missing, orWith: decoder)
                == [Lenient(ratio: -1, count: 1)])
        #expect(decoder.calls == 0)
    }
}
