import Foundation

/// A reader of the journal's JSON arrays for restores: it decodes an array of `Decodable` values as Foundation's
/// `JSONDecoder` (default options) does, or gives up, and a restore then decodes the array with `JSONDecoder`.
///
/// Why it exists: Foundation's `JSONDecoder` costs about 3.3 µs per small enum action on Linux (`tap(item:)`,
/// decoded in arrays of 512, Swift 6.3, this project's 2-core machine), most of it building a dictionary for each
/// JSON object and looking up generic metadata; this reader costs 1.3 µs for the same action in the same run (it
/// parses each text once into a flat list of nodes, and finds a key by comparing bytes, from the object's first).
///
/// It only ever succeeds with the value `JSONDecoder` would give: whatever it is not sure of (a number that is not
/// a plain integer for an integer type, any `Float`, the types `JSONDecoder` decodes in its own way (`Data`, `URL`,
/// `Decimal`), a `superDecoder`, an object with a repeated key or more than 32 keys, a key with escapes, text that
/// is not valid JSON or UTF-8) and every decoding error make it give up (``Unsupported``, or the error thrown), and
/// the caller decodes the same bytes with `JSONDecoder`, whose value or error is the one that counts.
enum JournalJSONDecoder {
    /// This reader cannot decode the text the way `JSONDecoder` does: decode it with `JSONDecoder`.
    struct Unsupported: Error {}

    /// The value of the JSON text `data`, decoded as `T`; when this reader gives up, `fallback`'s.
    static func decode<T: Decodable>(_: T.Type, from data: Data, orWith fallback: JSONDecoder) throws -> T {
        if let tape = try? Tape(data),
            let value = try? NodeDecoder(tape: tape, node: 0, parent: nil, key: nil).decodeValue(T.self),
            !tape.failed
        {
            return value
        }
        return try fallback.decode(T.self, from: data)
    }

    /// The elements of the JSON array `data`, each decoded as `T`; when this reader gives up, `fallback`'s.
    static func decodeArray<T: Decodable>(_: T.Type, from data: Data, orWith fallback: JSONDecoder) throws -> [T] {
        if let values = try? decodeArray(T.self, from: data) { return values }
        return try fallback.decode([T].self, from: data)
    }

    /// The elements of the JSON array `data`, each decoded as `T`.
    private static func decodeArray<T: Decodable>(_: T.Type, from data: Data) throws -> [T] {
        let tape = try Tape(data)
        let root = 0
        guard tape.nodes[root].kind == .array else { throw Unsupported() }
        var values: [T] = []
        values.reserveCapacity(Int(tape.nodes[root].count))
        var child = root + 1
        for index in 0..<Int(tape.nodes[root].count) {
            let decoder = NodeDecoder(tape: tape, node: child, parent: nil, key: IndexKey(intValue: index))
            values.append(try decoder.decodeValue(T.self))
            child = Int(tape.nodes[child].end)
        }
        guard !tape.failed else { throw Unsupported() }
        return values
    }

    // MARK: The parsed text

    /// The text's values in order, each container followed by its elements (an object's as key, value, key...).
    final class Tape {
        enum Kind: UInt8 { case object, array, string, escapedString, number, integer, `true`, `false`, null }

        struct Node {
            var kind: Kind
            /// Strings and numbers: the bytes of the value (a string's without its quotes); containers: unused.
            var start: Int32
            var length: Int32
            /// Containers: how many elements (an object's: how many keys).
            var count: Int32
            /// The index of the node after this one and its elements.
            var end: Int32
        }

        let bytes: [UInt8]
        let nodes: [Node]
        /// Whether this reader gave up on a value of the text: the value decoded from it, if any, is not used, even
        /// when the type's own `init(from:)` caught the error (`try?`).
        var failed = false

        /// Gives up on the text.
        func unsupported() -> Unsupported {
            failed = true
            return Unsupported()
        }

        init(_ data: Data) throws {
            bytes = [UInt8](data)
            guard bytes.count < Int32.max else { throw Unsupported() }
            nodes = try bytes.withUnsafeBufferPointer { buffer in
                var parser = Parser(bytes: buffer)
                parser.nodes.reserveCapacity(buffer.count / 4)
                parser.skipSpace()
                try parser.value(depth: 0)
                parser.skipSpace()
                guard parser.offset == buffer.count else { throw Unsupported() }
                // Bytes that are not ASCII are only in strings: checked once, the whole text, as `JSONDecoder` does.
                if parser.hasNonASCII, String(validating: buffer, as: UTF8.self) == nil { throw Unsupported() }
                return parser.nodes
            }
        }

        func string(_ index: Int) throws -> String {
            let node = nodes[index]
            let start = Int(node.start)
            let end = start + Int(node.length)
            if node.kind == .string {
                return bytes.withUnsafeBufferPointer { buffer in
                    String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
                }
            }
            guard node.kind == .escapedString else { throw unsupported() }
            return try unescape(start, end)
        }

        private func unescape(_ start: Int, _ end: Int) throws -> String {
            var utf8: [UInt8] = []
            utf8.reserveCapacity(end - start)
            var offset = start
            func hex4() throws -> UInt16 {
                guard offset + 4 <= end else { throw unsupported() }
                var value: UInt16 = 0
                for byte in bytes[offset..<offset + 4] {
                    let digit: UInt8
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                    default: throw unsupported()
                    }
                    value = value << 4 | UInt16(digit)
                }
                offset += 4
                return value
            }
            while offset < end {
                let byte = bytes[offset]
                offset += 1
                guard byte == UInt8(ascii: "\\") else {
                    utf8.append(byte)
                    continue
                }
                guard offset < end else { throw unsupported() }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    let unit = try hex4()
                    var scalar: Unicode.Scalar?
                    if UTF16.isLeadSurrogate(unit) {
                        guard offset + 2 <= end, bytes[offset] == UInt8(ascii: "\\"),
                            bytes[offset + 1] == UInt8(ascii: "u")
                        else { throw unsupported() }
                        offset += 2
                        let trail = try hex4()
                        guard UTF16.isTrailSurrogate(trail) else { throw unsupported() }
                        scalar = Unicode.Scalar(
                            0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(trail - 0xDC00))
                    } else {
                        scalar = Unicode.Scalar(unit)
                    }
                    guard let scalar else { throw unsupported() }
                    utf8.append(contentsOf: UTF8.encode(scalar)!)
                default: throw unsupported()
                }
            }
            guard let string = String(validating: utf8, as: UTF8.self) else { throw unsupported() }
            return string
        }

        /// Whether the key node `index` is `key`'s string, byte for byte.
        func keyMatches(_ index: Int, _ key: String) -> Bool {
            let node = nodes[index]
            var key = key
            return key.withUTF8 { utf8 in
                guard utf8.count == Int(node.length) else { return false }
                return bytes.withUnsafeBufferPointer { buffer in
                    utf8.count == 0
                        || memcmp(buffer.baseAddress! + Int(node.start), utf8.baseAddress!, utf8.count) == 0
                }
            }
        }
    }

    /// Builds a tape from JSON text, checking its grammar (RFC 8259).
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var nodes: [Tape.Node] = []
        var offset = 0
        /// Whether a string holds a byte that is not ASCII.
        var hasNonASCII = false

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func skipSpace() {
            while offset < bytes.count {
                switch bytes[offset] {
                case 0x20, 0x0A, 0x0D, 0x09: offset += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws {
            guard offset < bytes.count, depth < 512 else { throw Unsupported() }
            switch bytes[offset] {
            case UInt8(ascii: "{"): try container(object: true, depth: depth)
            case UInt8(ascii: "["): try container(object: false, depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true", .true)
            case UInt8(ascii: "f"): try literal("false", .false)
            case UInt8(ascii: "n"): try literal("null", .null)
            default: try number()
            }
        }

        private mutating func append(_ kind: Tape.Kind, start: Int, length: Int) {
            let index = nodes.count
            nodes.append(
                Tape.Node(kind: kind, start: Int32(start), length: Int32(length), count: 0, end: Int32(index + 1)))
        }

        private mutating func literal(_ text: StaticString, _ kind: Tape.Kind) throws {
            let length = text.utf8CodeUnitCount
            guard offset + length <= bytes.count,
                memcmp(bytes.baseAddress! + offset, text.utf8Start, length) == 0
            else { throw Unsupported() }
            append(kind, start: offset, length: length)
            offset += length
        }

        private mutating func string() throws {
            offset += 1
            let start = offset
            var escaped = false
            // Eight bytes at a time while none of them ends the string, starts an escape or is a control character;
            // the loop below reads the rest byte by byte, from the word that holds one. A snapshot's state is mostly
            // strings: its parse took about 17 instructions per byte of string byte by byte, about 3 this way.
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while offset &+ 8 <= bytes.count {
                    let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    if Self.endsOrEscapes(word) { break }
                    if word & 0x8080_8080_8080_8080 != 0 { hasNonASCII = true }
                    offset &+= 8
                }
            }
            while true {
                guard offset < bytes.count else { throw Unsupported() }
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { throw Unsupported() }
                if byte >= 0x80 { hasNonASCII = true }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    offset += 1
                }
                offset += 1
            }
            append(escaped ? .escapedString : .string, start: start, length: offset - start)
            offset += 1
        }

        /// Whether one of the eight bytes of `word` is a quote, a backslash or a control character (below 0x20).
        /// A byte equal to `c` is a zero byte of `word ^ c`, and `(v - 0x01…) & ~v & 0x80…` sets the high bit of each
        /// zero byte of `v`; the same with 0x20 sets it for each byte below 0x20 (it wraps, and its high bit was
        /// clear). A byte above a found one may be set too, by the borrow, never when none is found: the answer for
        /// the whole word is exact.
        @inline(__always)
        static func endsOrEscapes(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let found =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)
            return found & highs != 0
        }

        private mutating func number() throws {
            let start = offset
            func digits() -> Int {
                let first = offset
                while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
                return offset - first
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let integerStart = offset
            let integerDigits = digits()
            guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
                throw Unsupported()
            }
            var integer = true
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                integer = false
                guard digits() > 0 else { throw Unsupported() }
            }
            if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
                offset += 1
                integer = false
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                    offset += 1
                }
                guard digits() > 0 else { throw Unsupported() }
            }
            append(integer ? .integer : .number, start: start, length: offset - start)
        }

        /// Whether the key node `key` repeats one of the first `count` keys of the object node `object`.
        private func isRepeated(_ key: Int, in object: Int, count: Int32) -> Bool {
            let new = nodes[key]
            var child = object + 1
            for _ in 0..<count {
                let old = nodes[child]
                if old.length == new.length
                    && (new.length == 0
                        || memcmp(
                            bytes.baseAddress! + Int(old.start), bytes.baseAddress! + Int(new.start),
                            Int(new.length)) == 0)
                {
                    return true
                }
                child = Int(nodes[child + 1].end)
            }
            return false
        }

        private mutating func container(object: Bool, depth: Int) throws {
            let index = nodes.count
            append(object ? .object : .array, start: offset, length: 0)
            offset += 1
            skipSpace()
            let close = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
            var count: Int32 = 0
            if offset < bytes.count, bytes[offset] == close {
                offset += 1
            } else {
                while true {
                    if object {
                        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw Unsupported() }
                        try string()
                        let key = nodes.count - 1
                        // Keys with escapes, repeated keys and large objects are left to `JSONDecoder`.
                        guard nodes[key].kind == .string, count < 32, !isRepeated(key, in: index, count: count)
                        else { throw Unsupported() }
                        skipSpace()
                        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw Unsupported() }
                        offset += 1
                        skipSpace()
                    }
                    try value(depth: depth + 1)
                    count += 1
                    skipSpace()
                    guard offset < bytes.count else { throw Unsupported() }
                    if bytes[offset] == UInt8(ascii: ",") {
                        offset += 1
                        skipSpace()
                        continue
                    }
                    guard bytes[offset] == close else { throw Unsupported() }
                    offset += 1
                    break
                }
            }
            nodes[index].count = count
            nodes[index].end = Int32(nodes.count)
        }
    }
}
