import Foundation

/// The messages an app and the desktop inspector exchange on the app's connection, as JSON text messages of a
/// WebSocket that the app opens. The app never listens: it connects, says who it is, then answers the page's requests,
/// which the desktop forwards, and sends its live updates while the desktop says a page watches the store.
package enum InspectorLink {
    /// The WebSocket subprotocol of an app's connection.
    package static let subprotocol = "switchyard-inspector-app"
    /// The header that carries the pairing code the desktop shows.
    package static let pairingHeader = "X-Inspector-Pairing"
    /// The path apps connect to.
    package static let path = "/app"
    /// The version of these messages.
    package static let version = 1

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

    /// One message on an app's connection.
    package struct Message: Codable, Sendable {
        /// `hello` (app), `update` (app), `reply` (app), `request` (desktop) or `watch` (desktop).
        package var type: String
        package var hello: Hello?
        /// A live update for the store's pages, as the page reads it.
        package var update: String?
        /// The request a reply answers.
        package var id: Int?
        package var request: InspectorRequest?
        package var reply: InspectorReply?
        /// Of a `watch` message: whether a page shows the store now. The desktop sends one right after the app's
        /// hello, then one each time the first page opens or the last closes; the app sends live updates only while
        /// the latest says `true`.
        package var watched: Bool?

        package static func hello(_ hello: Hello) -> Message { Message(type: "hello", hello: hello) }
        package static func update(_ text: String) -> Message { Message(type: "update", update: text) }
        package static func request(_ id: Int, _ request: InspectorRequest) -> Message {
            Message(type: "request", id: id, request: request)
        }
        package static func reply(_ id: Int, _ reply: InspectorReply) -> Message {
            Message(type: "reply", id: id, reply: reply)
        }
        package static func watch(_ watched: Bool) -> Message { Message(type: "watch", watched: watched) }

        package init(
            type: String, hello: Hello? = nil, update: String? = nil, id: Int? = nil,
            request: InspectorRequest? = nil, reply: InspectorReply? = nil, watched: Bool? = nil
        ) {
            self.type = type
            self.hello = hello
            self.update = update
            self.id = id
            self.request = request
            self.reply = reply
            self.watched = watched
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
