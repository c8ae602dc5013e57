import Foundation

/// What the inspector can do with the app's types: decode actions typed on the page, and write and read sessions.
@usableFromInline
struct InspectorCodec<Action: Sendable, State: Sendable>: Sendable {
    var decodeAction: (@Sendable (Data) throws -> Action)?
    var encodeAction: (@Sendable (Action) throws -> JSONValue)?
    var encodeState: (@Sendable (State) throws -> JSONValue)?
    var decodeSession: (@Sendable (Data) throws -> InspectorSession<Action, State>)?
    var encodeSession: (@Sendable (InspectorSession<Action, State>) throws -> Data)?

    @usableFromInline
    init() {}

    @usableFromInline
    static func decodingActions() -> Self where Action: Decodable {
        var codec = Self()
        codec.decodeAction = { data in try JSONDecoder().decode(Action.self, from: data) }
        return codec
    }

    @usableFromInline
    static func codable() -> Self where Action: Codable, State: Codable {
        var codec = decodingActions()
        codec.encodeAction = { action in try JSONValue(encoding: action) }
        codec.encodeState = { state in try JSONValue(encoding: state) }
        codec.decodeSession = { data in try JSONDecoder().decode(InspectorSession<Action, State>.self, from: data) }
        codec.encodeSession = { session in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return try encoder.encode(session)
        }
        return codec
    }
}

/// Any JSON value, to embed the app's encoded values in the inspector's own documents.
enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init<Value: Encodable>(encoding value: Value) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    func decode<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(self))
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
