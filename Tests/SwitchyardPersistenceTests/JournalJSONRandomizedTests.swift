import Foundation
import Testing

@testable import SwitchyardPersistence

/// The journal's own JSON coders agree with Foundation's on thousands of generated values: every string of random
/// scalars (control characters, escapes, the whole of Unicode), every integer width at its extremes, and doubles of
/// every magnitude. A seeded generator, so that a failure repeats.
@Suite struct JournalJSONRandomizedTests {
    struct Payload: Codable, Equatable {
        var text: String
        var texts: [String]
        var small: Int8
        var large: Int64
        var unsigned: UInt64
        var ratio: Double
        var ratios: [Double]
        var flag: Bool?
        var table: [String: Int]
    }

    enum Action: Codable, Equatable {
        case payload(Payload)
        case pair(String, Double)
        case empty
    }

    /// SplitMix64: a small generator whose sequence depends on its seed alone.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static func string(_ random: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let value: UInt32
            switch Int.random(in: 0..<5, using: &random) {
            case 0: value = UInt32.random(in: 0..<0x20, using: &random)  // control characters
            case 1: value = [0x22, 0x5C, 0x2F, 0x7F].randomElement(using: &random)!  // " \ / DEL
            case 2: value = UInt32.random(in: 0x20..<0x7F, using: &random)
            case 3: value = UInt32.random(in: 0x80..<0xD800, using: &random)
            default: value = UInt32.random(in: 0xE000...0x10FFFF, using: &random)
            }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    static func double(_ random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return Double(Int.random(in: -1_000...1_000, using: &random))
        case 1: return Double.random(in: -1...1, using: &random)
        default:
            // Any finite bit pattern: subnormals, the largest magnitudes, negative zero.
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        }
    }

    static func action(_ random: inout SeededGenerator) -> Action {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .empty
        case 1: return .pair(string(&random), double(&random))
        default:
            return .payload(
                Payload(
                    text: string(&random),
                    texts: (0..<Int.random(in: 0...3, using: &random)).map { _ in string(&random) },
                    small: Int8.random(in: .min ... .max, using: &random),
                    large: [Int64.min, Int64.max, 0, Int64.random(in: .min ... .max, using: &random)]
                        .randomElement(using: &random)!,
                    unsigned: [UInt64.max, 0, UInt64.random(in: 0 ... .max, using: &random)]
                        .randomElement(using: &random)!,
                    ratio: double(&random),
                    ratios: (0..<Int.random(in: 0...3, using: &random)).map { _ in double(&random) },
                    flag: [true, false, nil].randomElement(using: &random)!,
                    table: Dictionary(
                        // Keys that `JSONEncoder` writes without escapes: an escaped key is left to Foundation.
                        (0..<Int.random(in: 0...3, using: &random)).map { _ in
                            (
                                "k\(Int.random(in: 0..<100, using: &random))",
                                Int.random(in: .min ... .max, using: &random)
                            )
                        },
                        uniquingKeysWith: { first, _ in first }
                    )
                ))
        }
    }

    @Test(arguments: 0..<8)
    func theJournalsCodersAgreeWithFoundationsOnGeneratedActions(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let actions = (0..<500).map { _ in Self.action(&random) }
        // Written by Foundation (the journals of earlier releases), read by the journal's reader, without falling
        // back to Foundation's.
        let foundations = try JSONEncoder().encode(actions)
        let decoder = JournalJSONDecoderTests.CountingDecoder()
        #expect(try JournalJSONDecoder.decodeArray(Action.self, from: foundations, orWith: decoder) == actions)
        #expect(decoder.calls == 0)
        // Written by the journal's writer, read by Foundation and by the journal's reader.
        let encoder = JournalJSONDecoderTests.CountingEncoder()
        for action in actions {
            let written = try JournalJSONEncoder.encode(action, orWith: encoder)
            #expect(try JSONDecoder().decode(Action.self, from: written) == action)
            #expect(try JournalJSONDecoder.decode(Action.self, from: written, orWith: decoder) == action)
        }
        #expect(encoder.calls == 0)
        #expect(decoder.calls == 0)
    }
}
