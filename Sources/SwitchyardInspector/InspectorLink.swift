import Foundation

/// The messages an app and the desktop inspector exchange on the app's connection, as JSON text messages of a
/// WebSocket that the app opens. The app never listens: it connects, says who it is, then answers the page's requests,
/// which the desktop reads and sends as typed requests, and sends its live updates while the desktop says a page
/// watches the store.
package enum InspectorLink {
    /// What the subprotocol of an app's connection starts with, whatever the link's version.
    package static let subprotocolName = "switchyard-inspector-app"
    /// The WebSocket subprotocol of an app's connection: the link's version is part of it, so that a desktop of
    /// another release refuses the app at the upgrade, before its pairing code is compared, and says why.
    package static let subprotocol = "\(subprotocolName).\(version)"
    /// The header that carries the pairing code the desktop shows.
    package static let pairingHeader = "X-Inspector-Pairing"
    /// The path apps connect to.
    package static let path = "/app"
    /// The version of these messages.
    package static let version = 3

    /// Who is connecting: the first message of every connection.
    package struct Hello: Codable, Sendable, Equatable {
        package var version: Int
        /// The app's name, as the page lists it.
        package var app: String
        /// The store's name within the app; an app with several inspected stores opens one connection per store.
        package var store: String
        /// `linux`, `macOS`, `iOS`…
        package var platform: String
        /// The process's name and number.
        package var process: String
        package var processID: Int32
        /// The machine's name.
        package var host: String
        package var stateType: String
        package var actionType: String
        /// The module that defines the state, for the exported tests' imports.
        package var module: String?
        /// A random identifier of this launch: a new one tells the desktop the app relaunched.
        package var launch: String

        package init(
            version: Int, app: String, store: String, platform: String, process: String, processID: Int32,
            host: String, stateType: String, actionType: String, module: String?, launch: String
        ) {
            self.version = version
            self.app = app
            self.store = store
            self.platform = platform
            self.process = process
            self.processID = processID
            self.host = host
            self.stateType = stateType
            self.actionType = actionType
            self.module = module
            self.launch = launch
        }
    }

    /// One message on an app's connection: a JSON object whose `type` names the case, with the case's values beside
    /// it (`{"type":"watch","watched":true}`). A message of a type this version does not know fails to decode, and
    /// is ignored by both sides.
    package enum Message: Codable, Sendable {
        /// Who is connecting: the app's first message.
        case hello(Hello)
        /// A live update for the store's pages, as the page reads it (app).
        case update(String)
        /// A page's request, which the app answers with a `reply` of the same `id` (desktop).
        case request(Int, Request)
        /// The answer to the request `id` (app).
        case reply(Int, InspectorReply)
        /// Whether a page shows the store now (desktop). The desktop sends one right after the app's hello, then one
        /// each time the first page opens or the last closes; the app sends live updates only while the latest says
        /// `true`.
        case watch(Bool)

        private enum CodingKeys: String, CodingKey {
            case type, hello, update, id, request, reply, watched
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .type) {
            case "hello": self = .hello(try container.decode(Hello.self, forKey: .hello))
            case "update": self = .update(try container.decode(String.self, forKey: .update))
            case "request":
                self = .request(
                    try container.decode(Int.self, forKey: .id),
                    try container.decode(Request.self, forKey: .request))
            case "reply":
                self = .reply(
                    try container.decode(Int.self, forKey: .id),
                    try container.decode(InspectorReply.self, forKey: .reply))
            case "watch": self = .watch(try container.decode(Bool.self, forKey: .watched))
            case let type:
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: container, debugDescription: "No link message of type '\(type.prefix(40))'.")
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .hello(let hello):
                try container.encode("hello", forKey: .type)
                try container.encode(hello, forKey: .hello)
            case .update(let update):
                try container.encode("update", forKey: .type)
                try container.encode(update, forKey: .update)
            case .request(let id, let request):
                try container.encode("request", forKey: .type)
                try container.encode(id, forKey: .id)
                try container.encode(request, forKey: .request)
            case .reply(let id, let reply):
                try container.encode("reply", forKey: .type)
                try container.encode(id, forKey: .id)
                try container.encode(reply, forKey: .reply)
            case .watch(let watched):
                try container.encode("watch", forKey: .type)
                try container.encode(watched, forKey: .watched)
            }
        }

        /// The message as the text of a WebSocket message.
        package func text() -> String {
            String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
        }
    }
}

/// The platform's name, as the desktop lists it.
package var inspectorPlatformName: String {
    #if os(macOS)
        "macOS"
    #elseif os(iOS)
        "iOS"
    #elseif os(tvOS)
        "tvOS"
    #elseif os(watchOS)
        "watchOS"
    #elseif os(visionOS)
        "visionOS"
    #elseif os(Linux)
        "Linux"
    #elseif os(Windows)
        "Windows"
    #else
        "unknown"
    #endif
}
