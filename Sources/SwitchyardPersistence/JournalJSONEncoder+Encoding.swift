import Foundation

/// Encoding into an ``JournalJSONEncoder/Output``: an `Encoder` for one value, and its containers, which write as
/// they are called.
extension JournalJSONEncoder {
    /// The encoder of one value, written at the output's current position.
    final class NodeEncoder: Encoder {
        let output: Output
        let parent: NodeEncoder?
        let key: (any CodingKey)?
        /// How many containers were open when this value started.
        let depth: Int
        /// Where this value starts in the output.
        let start: Int
        /// Whether a container was asked of this encoder: one only.
        private var hasContainer = false

        init(output: Output, parent: NodeEncoder?, key: (any CodingKey)?, depth: Int) {
            self.output = output
            self.parent = parent
            self.key = key
            self.depth = depth
            start = output.bytes.count
        }

        var codingPath: [any CodingKey] {
            var path: [any CodingKey] = []
            var encoder: NodeEncoder? = self
            while let current = encoder {
                if let key = current.key { path.append(key) }
                encoder = current.parent
            }
            return path.reversed()
        }

        var userInfo: [CodingUserInfoKey: Any] { [:] }

        /// Claims this encoder's one container; a second claim cannot be written as a stream.
        private func claim() {
            if hasContainer || output.frames.count != depth { output.failed = true }
            hasContainer = true
        }

        func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
            claim()
            return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, frame: output.open(object: true)))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            claim()
            return UnkeyedContainer(encoder: self, frame: output.open(object: false))
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            claim()
            return SingleValueContainer(encoder: self)
        }
    }

    /// The key of an element of an array.
    struct IndexKey: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: NodeEncoder
        /// The encoder's output, held here too: read through the encoder, it was retained and released at each
        /// key.
        private let output: Output
        let frame: Int
        var codingPath: [any CodingKey] { encoder.codingPath }

        init(encoder: NodeEncoder, frame: Int) {
            self.encoder = encoder
            self.output = encoder.output
            self.frame = frame
        }

        private func start(_ key: Key) throws {
            guard !output.failed else { throw output.unsupported() }
            try output.activate(frame)
            try output.element(key: key)
        }

        mutating func encodeNil(forKey key: Key) throws {
            try start(key)
            output.writeNull()
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            try start(key)
            output.write(value)
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            try start(key)
            output.write(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            try start(key)
            try output.write(value)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws { throw output.unsupported() }
        mutating func encode(_ value: Int, forKey key: Key) throws { try integer(Int64(value), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(Int64(value), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(Int64(value), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(Int64(value), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(Int64(value), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try unsigned(UInt64(value), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try unsigned(UInt64(value), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try unsigned(UInt64(value), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try unsigned(UInt64(value), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try unsigned(UInt64(value), key) }

        private func integer(_ value: Int64, _ key: Key) throws {
            try start(key)
            output.write(value)
        }

        private func unsigned(_ value: UInt64, _ key: Key) throws {
            try start(key)
            output.write(value)
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try start(key)
            try output.encodeValue(value, parent: encoder, key: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy _: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            do { try start(key) } catch { output.failed = true }
            let nested = NodeEncoder(output: output, parent: encoder, key: key, depth: output.frames.count + 1)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: nested, frame: output.open(object: true)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            do { try start(key) } catch { output.failed = true }
            let nested = NodeEncoder(output: output, parent: encoder, key: key, depth: output.frames.count + 1)
            return UnkeyedContainer(encoder: nested, frame: output.open(object: false))
        }

        mutating func superEncoder() -> any Encoder {
            output.failed = true
            return encoder
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            output.failed = true
            return encoder
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer, WritingOneValueAtATime {
        let encoder: NodeEncoder
        let frame: Int
        private(set) var count = 0
        var codingPath: [any CodingKey] { encoder.codingPath }
        var output: Output { encoder.output }

        init(encoder: NodeEncoder, frame: Int) {
            self.encoder = encoder
            self.frame = frame
        }

        mutating func start() throws {
            guard !output.failed else { throw output.unsupported() }
            try output.activate(frame)
            output.element()
            count += 1
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try start()
            try output.encodeValue(value, parent: encoder, key: IndexKey(intValue: count - 1))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy _: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            do { try start() } catch { output.failed = true }
            let nested = NodeEncoder(
                output: output, parent: encoder, key: IndexKey(intValue: count - 1), depth: output.frames.count + 1)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: nested, frame: output.open(object: true)))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            do { try start() } catch { output.failed = true }
            let nested = NodeEncoder(
                output: output, parent: encoder, key: IndexKey(intValue: count - 1), depth: output.frames.count + 1)
            return UnkeyedContainer(encoder: nested, frame: output.open(object: false))
        }

        mutating func superEncoder() -> any Encoder {
            output.failed = true
            return encoder
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer, WritingOneValueAtATime {
        let encoder: NodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var output: Output { encoder.output }

        /// A single value is written once, where its encoder started, with nothing open after it.
        func start() throws {
            guard !output.failed, output.frames.count == encoder.depth, output.bytes.count == encoder.start else {
                throw output.unsupported()
            }
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try start()
            try output.encodeValue(value, parent: encoder.parent, key: encoder.key)
        }
    }

    /// A container that writes one value at a time where the text is: ``UnkeyedContainer`` and
    /// ``SingleValueContainer``, which write each primitive the same way once ``start()`` made room for it.
    protocol WritingOneValueAtATime {
        var output: Output { get }
        /// Makes room for one more value, or throws when none can be written here.
        mutating func start() throws
    }
}

extension JournalJSONEncoder.WritingOneValueAtATime {
    mutating func encodeNil() throws {
        try start()
        output.writeNull()
    }
    mutating func encode(_ value: Bool) throws {
        try start()
        output.write(value)
    }
    mutating func encode(_ value: String) throws {
        try start()
        output.write(value)
    }
    mutating func encode(_ value: Double) throws {
        try start()
        try output.write(value)
    }
    mutating func encode(_ value: Float) throws { throw output.unsupported() }
    mutating func encode(_ value: Int) throws { try integer(Int64(value)) }
    mutating func encode(_ value: Int8) throws { try integer(Int64(value)) }
    mutating func encode(_ value: Int16) throws { try integer(Int64(value)) }
    mutating func encode(_ value: Int32) throws { try integer(Int64(value)) }
    mutating func encode(_ value: Int64) throws { try integer(Int64(value)) }
    mutating func encode(_ value: UInt) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { try unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { try unsigned(UInt64(value)) }

    private mutating func integer(_ value: Int64) throws {
        try start()
        output.write(value)
    }

    private mutating func unsigned(_ value: UInt64) throws {
        try start()
        output.write(value)
    }
}
