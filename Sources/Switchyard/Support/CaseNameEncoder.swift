/// Finds the name of a case without payload through the enum's `Encodable` conformance, for an enum that describes
/// itself (whose description hides its case from reflection): the coding that Swift synthesizes for an enum encodes
/// such a case as an empty container nested under the case's name. Anything else (a coding of the app's own, a
/// payload) gives no name. Used once per case: the name is then kept.
struct CaseNameEncoder: Encoder {
    /// What the encoding did, shared by the encoder and its containers.
    final class Record {
        var caseName: String?
        var isSynthesizedShape = true
    }

    let record = Record()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The case's name when `value` encodes as a synthesized enum's case without payload, `nil` otherwise.
    static func caseName(of value: any Encodable) -> String? {
        let encoder = CaseNameEncoder()
        do { try value.encode(to: encoder) } catch { return nil }
        return encoder.record.isSynthesizedShape ? encoder.record.caseName : nil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CaseContainer<Key>(record: record, isTop: true))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        record.isSynthesizedShape = false
        return RejectingUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        record.isSynthesizedShape = false
        return RejectingSingleValueContainer()
    }

    /// The top container, where only one empty container nested under the case's name is expected, and the nested
    /// one, where nothing is.
    struct CaseContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let record: Record
        let isTop: Bool
        var codingPath: [any CodingKey] { [] }

        func encodeNil(forKey key: Key) throws { record.isSynthesizedShape = false }

        func encode<T: Encodable>(_ value: T, forKey key: Key) throws { record.isSynthesizedShape = false }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            if isTop, record.caseName == nil {
                record.caseName = key.stringValue
            } else {
                record.isSynthesizedShape = false
            }
            return KeyedEncodingContainer(CaseContainer<NestedKey>(record: record, isTop: false))
        }

        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            record.isSynthesizedShape = false
            return RejectingUnkeyedContainer()
        }

        func superEncoder() -> any Encoder {
            record.isSynthesizedShape = false
            return CaseNameEncoder()
        }

        func superEncoder(forKey key: Key) -> any Encoder {
            record.isSynthesizedShape = false
            return CaseNameEncoder()
        }
    }

    /// Where a coding that is not a synthesized enum's ends up: it stops the encoding.
    struct NotACase: Error {}

    struct RejectingUnkeyedContainer: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }
        func encodeNil() throws { throw NotACase() }
        func encode<T: Encodable>(_ value: T) throws { throw NotACase() }
        func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(CaseContainer<NestedKey>(record: Record(), isTop: false))
        }
        func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
        func superEncoder() -> any Encoder { CaseNameEncoder() }
    }

    struct RejectingSingleValueContainer: SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        func encodeNil() throws { throw NotACase() }
        func encode<T: Encodable>(_ value: T) throws { throw NotACase() }
    }
}
