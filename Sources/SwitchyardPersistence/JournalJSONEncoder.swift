import Foundation

/// A writer of the journal's JSON: it encodes an `Encodable` value into JSON that `JSONDecoder` decodes to what it
/// decodes from `JSONEncoder`'s (default options), or gives up, and the journal then encodes the value with
/// `JSONEncoder`.
///
/// Why it exists: Foundation's `JSONEncoder` costs about 2.3 µs per small enum action on Linux (`tap(item:)`, Swift
/// 6.3, this project's 2-core machine), most of it building a tree of boxed values and looking up generic metadata;
/// this writer writes the text as the value's `encode(to:)` goes, for 1.3 µs for the same action in the same run.
///
/// It writes compact JSON, as `JSONEncoder` does, and may write a number otherwise (`1.0` for `1`). Whatever it is
/// not sure of makes it give up: a `Float`, a `Double` that is not finite, the types `JSONEncoder` encodes in a way
/// of its own (`Data`, `URL`, `Decimal`), a `superEncoder`, a container asked twice of one encoder, a key written
/// twice in one object, a container used after its parent wrote again, a value that encodes nothing, and every
/// error thrown.
enum JournalJSONEncoder {
    /// This writer cannot encode the value the way `JSONEncoder` does: encode it with `JSONEncoder`.
    struct Unsupported: Error {}

    /// The JSON of `value`; when this writer gives up, `fallback`'s. A ``Reusing`` fallback lends its output, which
    /// each call empties and writes again.
    static func encode<T: Encodable>(_ value: T, orWith fallback: JSONEncoder) throws -> Data {
        let output: Output
        if let reusing = fallback as? Reusing {
            output = reusing.output
            output.reset()
        } else {
            output = Output()
        }
        if (try? output.encodeValue(value, parent: nil, key: nil)) != nil, !output.failed, output.frames.isEmpty {
            // From the bytes' buffer: `Data(output.bytes)`, from a sequence, looked up a witness table and copied
            // through generic code, 658 instructions per action of the writer's thread against ~100.
            return output.bytes.withUnsafeBufferPointer { Data(buffer: $0) }
        }
        return try fallback.encode(value)
    }

    /// A `JSONEncoder` that lends this writer one output for every value it encodes, its storage kept from one value
    /// to the next: the journal's writer encodes its actions one after the other, on one thread, with one of these.
    /// An output made for each action cost the writer's thread four allocations per action (the output and its three
    /// arrays): 14,723 instructions per action against 13,379 with this, counted by callgrind on P1wj's writer.
    ///
    /// Used by one thread at a time, as a `JSONEncoder` whose options are not changed meanwhile is.
    final class Reusing: JSONEncoder, @unchecked Sendable {
        let output = Output()
    }

    /// The text written so far, and the containers open in it, innermost last.
    ///
    /// Its properties are read and written without the dynamic exclusivity checks, which cost about a third of the
    /// writer's time (perf, `tap(item:)`): an output is used by one `encode` call at a time, on one thread (a
    /// ``Reusing`` encoder lends it to each call of its thread in turn), and no access to a property overlaps another
    /// (no property is passed `inout` while another of its accesses runs).
    final class Output {
        @exclusivity(unchecked) var bytes: [UInt8] = []
        @exclusivity(unchecked) var frames: [Frame] = []
        /// Where the keys of the open objects start in `bytes`, and their lengths: each object's after its parent's.
        @exclusivity(unchecked) var keys: [(start: Int, length: Int)] = []
        /// Whether a container was used in a way that cannot be written as it goes: the text is not used.
        @exclusivity(unchecked) var failed = false
        /// How many frames were opened so far: a frame's identity.
        @exclusivity(unchecked) private var opened = 0

        struct Frame {
            var id: Int
            var isObject: Bool
            var count = 0
            /// The index in `keys` of this object's first key.
            var firstKey: Int
        }

        /// Room made once for a small action: an array that grows from empty allocates at its first append and
        /// again at its second, and an enum case with a payload opens two objects and writes two keys. Grown from
        /// empty, the two arrays cost the journal's writer thread 861 instructions per action more (15,584 against
        /// 14,723, counted by callgrind on P1wj's writer).
        init() {
            bytes.reserveCapacity(64)
            frames.reserveCapacity(4)
            keys.reserveCapacity(4)
        }

        /// The most bytes an output keeps from one value to the next: a larger action's text is let go.
        static var keptCapacity: Int { 1 << 16 }

        /// Empties the output for the next value, keeping its storage (up to ``keptCapacity`` bytes). Frame
        /// identities go on counting, so that a container kept from an earlier value never matches one of this
        /// value's.
        func reset() {
            if bytes.capacity > Self.keptCapacity {
                bytes = []
                bytes.reserveCapacity(64)
            } else {
                bytes.removeAll(keepingCapacity: true)
            }
            frames.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            failed = false
        }

        /// Encodes `value` at the current position: primitives as themselves, other values through `encode(to:)`,
        /// with every container they opened closed after.
        func encodeValue<T: Encodable>(_ value: T, parent: NodeEncoder?, key: (any CodingKey)?) throws {
            if T.self == Data.self || T.self == URL.self || T.self == Decimal.self || T.self == Float.self {
                throw unsupported()
            }
            let depth = frames.count
            let start = bytes.count
            let encoder = NodeEncoder(output: self, parent: parent, key: key, depth: depth)
            do {
                try value.encode(to: encoder)
            } catch {
                // The text is not used even when a type's own `encode(to:)` catches the error (`try?`).
                failed = true
                throw error
            }
            guard bytes.count > start else { throw unsupported() }  // it encoded nothing
            close(to: depth)
        }

        /// Opens a container: `{` or `[`. Returns its identity.
        func open(object: Bool) -> Int {
            opened += 1
            bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
            frames.append(Frame(id: opened, isObject: object, firstKey: keys.count))
            return opened
        }

        /// Closes the containers opened at `depth` and deeper.
        func close(to depth: Int) {
            while frames.count > depth {
                let frame = frames.removeLast()
                bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                // One by one: an object has few keys, and `removeSubrange` cost about 90 instructions per object.
                while keys.count > frame.firstKey { keys.removeLast() }
            }
        }

        /// Makes the container `id` the innermost, closing its children; throws when it was closed.
        func activate(_ id: Int) throws {
            if frames.last?.id == id { return }  // the usual case: the container written to is the innermost
            guard let index = frames.lastIndex(where: { $0.id == id }) else { throw unsupported() }
            close(to: index + 1)
        }

        /// Starts the next element of the innermost container, an array: a comma after the first.
        func element() {
            let last = frames.count - 1
            if frames[last].count > 0 { bytes.append(UInt8(ascii: ",")) }
            frames[last].count += 1
        }

        /// Starts the next element of the innermost container, an object: a comma after the first, and the key.
        ///
        /// Generic over the key rather than taking `any CodingKey`: boxing the key and copying the box cost the
        /// writer's thread about 490 instructions per `tap(item:)` action, which writes two keys (callgrind,
        /// `SwitchyardProfile p1wj`).
        func element<Key: CodingKey>(key: Key) throws {
            element()
            let last = frames.count - 1
            let start = bytes.count + 1
            write(key.stringValue)
            let length = bytes.count - 1 - start
            for other in keys[frames[last].firstKey...] where other.length == length {
                if bytes[other.start..<other.start + length] == bytes[start..<start + length] { throw unsupported() }
            }
            keys.append((start, length))
            bytes.append(UInt8(ascii: ":"))
        }

        // Primitives.

        func write(_ string: String) {
            bytes.append(UInt8(ascii: "\""))
            // Most strings (every key) need no escaping: their bytes are appended at once, rather than one by one.
            var string = string
            let plain = string.withUTF8 { utf8 in
                guard !utf8.contains(where: Self.needsEscaping) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            }
            if plain {
                bytes.append(UInt8(ascii: "\""))
                return
            }
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(byte)
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30])
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        /// Whether `byte` is written escaped in a JSON string: as `JSONEncoder` writes them, quotes, backslashes,
        /// slashes and control characters.
        static func needsEscaping(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
        }

        func write(_ value: Int64) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            write(value.magnitude)
        }

        func write(_ value: UInt64) {
            // The digits, last first, in a buffer on the stack: 20 digits at most.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var rest = value
                var index = 20
                repeat {
                    index -= 1
                    let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
                    digits[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
                    rest = quotient
                } while rest > 0
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index..<20]))
            }
        }

        func write(_ value: Double) throws {
            guard value.isFinite else { throw unsupported() }
            // As `JSONEncoder` writes a whole number: `1`, not `1.0`.
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
        }

        /// Gives up on the text.
        func unsupported() -> Unsupported {
            failed = true
            return Unsupported()
        }

        func write(_ value: Bool) {
            bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        }

        func writeNull() { bytes.append(contentsOf: "null".utf8) }
    }
}
