import Foundation

/// What the inspector can do with the app's types: decode actions typed on the page, and write and read sessions.
@usableFromInline
struct InspectorCodec<Action: Sendable, State: Sendable>: Sendable {
    var decodeAction: (@Sendable (Data) throws -> Action)?
    /// Writes an action as the JSON the dispatch box takes, for the page's example.
    var encodeAction: (@Sendable (Action) throws -> Data)?
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
        codec.encodeAction = { action in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(action)
        }
        codec.decodeSession = { data in try JSONDecoder().decode(InspectorSession<Action, State>.self, from: data) }
        codec.encodeSession = { session in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return try encoder.encode(session)
        }
        return codec
    }
}
