import Foundation

/// Decoding the values of a ``JournalJSONDecoder/Tape``: a `Decoder` positioned at one of its nodes, and its
/// containers.
extension JournalJSONDecoder {

    /// The key of an element of an array.
    struct IndexKey: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    /// A decoder positioned at one node of the tape.
    final class NodeDecoder: Decoder {
        let tape: Tape
        let node: Int
        let parent: NodeDecoder?
        let key: (any CodingKey)?

        init(tape: Tape, node: Int, parent: NodeDecoder?, key: (any CodingKey)?) {
            self.tape = tape
            self.node = node
            self.parent = parent
            self.key = key
        }

        var codingPath: [any CodingKey] {
            var path: [any CodingKey] = []
            var decoder: NodeDecoder? = self
            while let current = decoder {
                if let key = current.key { path.append(key) }
                decoder = current.parent
            }
            return path.reversed()
        }

        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard tape.nodes[node].kind == .object else { throw unsupported() }
            return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard tape.nodes[node].kind == .array else { throw unsupported() }
            return UnkeyedContainer(decoder: self)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueContainer(decoder: self) }

        /// Gives up on the text.
        func unsupported() -> Unsupported { tape.unsupported() }

        /// A child decoder for the node `child`, reached through `key`.
        func child(_ child: Int, key: any CodingKey) -> NodeDecoder {
            NodeDecoder(tape: tape, node: child, parent: self, key: key)
        }

        // Values of the node.

        func decodeValue<T: Decodable>(_: T.Type) throws -> T {
            // The types `JSONDecoder` decodes in a way of its own, and those whose decoding depends on options.
            if T.self == Data.self || T.self == URL.self || T.self == Decimal.self || T.self == Float.self {
                throw unsupported()
            }
            // Arrays of strings and of integers, common in states, read here: through `Array(from:)`, the standard
            // library's generic code looks up metadata and makes a decoder per element, about 700 instructions per
            // string of an array of 12,000 (callgrind, a launch restoring them). The node's kind is looked at first,
            // so that a value that is not an array pays no type comparison for it.
            if tape.nodes[node].kind == .array {
                if T.self == [String].self { return try elements { try $0.decode(String.self) } as! T }
                if T.self == [Int].self { return try elements { try $0.decode(Int.self) } as! T }
            }
            return try T(from: self)
        }

        /// The elements of this node, an array, each read by `element` from the container.
        private func elements<Element>(_ element: (inout UnkeyedContainer) throws -> Element) throws -> [Element] {
            var container = UnkeyedContainer(decoder: self)
            var elements: [Element] = []
            elements.reserveCapacity(container.count ?? 0)
            while !container.isAtEnd { elements.append(try element(&container)) }
            return elements
        }

        var isNull: Bool { tape.nodes[node].kind == .null }

        func bool() throws -> Bool {
            switch tape.nodes[node].kind {
            case .true: return true
            case .false: return false
            default: throw unsupported()
            }
        }

        func string() throws -> String { try tape.string(node) }

        func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
            let item = tape.nodes[node]
            guard item.kind == .integer else { throw unsupported() }
            return try tape.bytes.withUnsafeBufferPointer { buffer in
                var offset = Int(item.start)
                let end = offset + Int(item.length)
                let negative = buffer[offset] == UInt8(ascii: "-")
                if negative {
                    guard I.isSigned else { throw unsupported() }
                    offset += 1
                }
                var value: I = 0
                while offset < end {
                    let digit = I(buffer[offset] &- UInt8(ascii: "0"))
                    let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (next, overflow2) =
                        negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
                    guard !overflow1, !overflow2 else { throw unsupported() }
                    value = next
                    offset += 1
                }
                return value
            }
        }

        func double() throws -> Double {
            let item = tape.nodes[node]
            guard item.kind == .integer || item.kind == .number else { throw unsupported() }
            let start = Int(item.start)
            let text = String(decoding: tape.bytes[start..<start + Int(item.length)], as: UTF8.self)
            guard let value = Double(text), value.isFinite else { throw unsupported() }
            return value
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: NodeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        var allKeys: [Key] {
            var keys: [Key] = []
            let tape = decoder.tape
            var child = decoder.node + 1
            for _ in 0..<Int(tape.nodes[decoder.node].count) {
                if let string = try? tape.string(child), let key = Key(stringValue: string) { keys.append(key) }
                child = Int(tape.nodes[child + 1].end)
            }
            return keys
        }

        /// The node of the value for `key`; throws when there is none.
        private func value(_ key: Key) throws -> Int {
            let tape = decoder.tape
            let name = key.stringValue
            var child = decoder.node + 1
            for _ in 0..<Int(tape.nodes[decoder.node].count) {
                if tape.keyMatches(child, name) { return child + 1 }
                child = Int(tape.nodes[child + 1].end)
            }
            // As `JSONDecoder` throws, and without giving up: a type may catch it (`try?`) for a key it can miss.
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(name)\")."
                ))
        }

        private func unsupported() -> Unsupported { decoder.unsupported() }

        private func at(_ key: Key) throws -> NodeDecoder { decoder.child(try value(key), key: key) }

        func contains(_ key: Key) -> Bool { (try? value(key)) != nil }
        func decodeNil(forKey key: Key) throws -> Bool {
            guard let index = try? value(key) else { throw unsupported() }
            return decoder.tape.nodes[index].kind == .null
        }
        func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try at(key).bool() }
        func decode(_: String.Type, forKey key: Key) throws -> String { try decoder.tape.string(value(key)) }
        func decode(_: Double.Type, forKey key: Key) throws -> Double { try at(key).double() }
        func decode(_: Float.Type, forKey key: Key) throws -> Float {
            _ = try value(key)  // a missing key is thrown as for any type
            throw unsupported()
        }
        func decode(_: Int.Type, forKey key: Key) throws -> Int { try at(key).integer(Int.self) }
        func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try at(key).integer(Int8.self) }
        func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try at(key).integer(Int16.self) }
        func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try at(key).integer(Int32.self) }
        func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try at(key).integer(Int64.self) }
        func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try at(key).integer(UInt.self) }
        func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try at(key).integer(UInt8.self) }
        func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try at(key).integer(UInt16.self) }
        func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try at(key).integer(UInt32.self) }
        func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try at(key).integer(UInt64.self) }
        func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
            // A string read from the tape, as in an array (see `UnkeyedContainer.decode(_:)`).
            if T.self == String.self { return try decode(String.self, forKey: key) as! T }
            return try at(key).decodeValue(T.self)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try at(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try at(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { throw unsupported() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported() }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: NodeDecoder
        private var next: Int
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { Int(decoder.tape.nodes[decoder.node].count) }
        var isAtEnd: Bool { currentIndex >= count! }

        init(decoder: NodeDecoder) {
            self.decoder = decoder
            next = decoder.node + 1
        }

        private func unsupported() -> Unsupported { decoder.unsupported() }

        /// The decoder of the next element, moving past it.
        private mutating func take() throws -> NodeDecoder {
            let index = currentIndex
            return decoder.child(try takeNode(), key: IndexKey(intValue: index))
        }

        /// The node of the next element, moving past it.
        private mutating func takeNode() throws -> Int {
            guard !isAtEnd else { throw unsupported() }
            let element = next
            next = Int(decoder.tape.nodes[next].end)
            currentIndex += 1
            return element
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else { throw unsupported() }
            guard decoder.tape.nodes[next].kind == .null else { return false }
            _ = try take()
            return true
        }

        mutating func decode(_: Bool.Type) throws -> Bool { try take().bool() }
        mutating func decode(_: String.Type) throws -> String { try decoder.tape.string(takeNode()) }
        mutating func decode(_: Double.Type) throws -> Double { try take().double() }
        mutating func decode(_: Float.Type) throws -> Float { throw unsupported() }
        mutating func decode(_: Int.Type) throws -> Int { try take().integer(Int.self) }
        mutating func decode(_: Int8.Type) throws -> Int8 { try take().integer(Int8.self) }
        mutating func decode(_: Int16.Type) throws -> Int16 { try take().integer(Int16.self) }
        mutating func decode(_: Int32.Type) throws -> Int32 { try take().integer(Int32.self) }
        mutating func decode(_: Int64.Type) throws -> Int64 { try take().integer(Int64.self) }
        mutating func decode(_: UInt.Type) throws -> UInt { try take().integer(UInt.self) }
        mutating func decode(_: UInt8.Type) throws -> UInt8 { try take().integer(UInt8.self) }
        mutating func decode(_: UInt16.Type) throws -> UInt16 { try take().integer(UInt16.self) }
        mutating func decode(_: UInt32.Type) throws -> UInt32 { try take().integer(UInt32.self) }
        mutating func decode(_: UInt64.Type) throws -> UInt64 { try take().integer(UInt64.self) }
        mutating func decode<T: Decodable>(_: T.Type) throws -> T {
            // A string, the commonest element, read from the tape: through `String(from:)`, with a decoder and a
            // single-value container of its own, an element of an array of 12,000 strings cost about 1,200
            // instructions more (callgrind, a launch restoring them).
            if T.self == String.self { return try decode(String.self) as! T }
            return try take().decodeValue(T.self)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try take().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try take().unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { throw unsupported() }
    }

    struct SingleValueContainer: SingleValueDecodingContainer {
        let decoder: NodeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        private func unsupported() -> Unsupported { decoder.unsupported() }

        func decodeNil() -> Bool { decoder.isNull }
        func decode(_: Bool.Type) throws -> Bool { try decoder.bool() }
        func decode(_: String.Type) throws -> String { try decoder.string() }
        func decode(_: Double.Type) throws -> Double { try decoder.double() }
        func decode(_: Float.Type) throws -> Float { throw unsupported() }
        func decode(_: Int.Type) throws -> Int { try decoder.integer(Int.self) }
        func decode(_: Int8.Type) throws -> Int8 { try decoder.integer(Int8.self) }
        func decode(_: Int16.Type) throws -> Int16 { try decoder.integer(Int16.self) }
        func decode(_: Int32.Type) throws -> Int32 { try decoder.integer(Int32.self) }
        func decode(_: Int64.Type) throws -> Int64 { try decoder.integer(Int64.self) }
        func decode(_: UInt.Type) throws -> UInt { try decoder.integer(UInt.self) }
        func decode(_: UInt8.Type) throws -> UInt8 { try decoder.integer(UInt8.self) }
        func decode(_: UInt16.Type) throws -> UInt16 { try decoder.integer(UInt16.self) }
        func decode(_: UInt32.Type) throws -> UInt32 { try decoder.integer(UInt32.self) }
        func decode(_: UInt64.Type) throws -> UInt64 { try decoder.integer(UInt64.self) }
        func decode<T: Decodable>(_: T.Type) throws -> T { try decoder.decodeValue(T.self) }
    }
}
