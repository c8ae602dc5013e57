extension InspectorServer {
    /// What a client may send and hold, checked before the access token is: a client without the token costs the
    /// server at most these bounds, and the app nothing. The defaults suit one developer's pages.
    public struct Limits: Sendable, Equatable {
        /// The longest request line (method, path and query); a longer one is answered `414` and closed.
        public var maxRequestLineBytes = 8 * 1024
        /// The largest request head (request line and headers); a larger one is answered `431` and closed.
        public var maxHeadBytes = 16 * 1024
        /// The most headers in a request; more are answered `431` and closed.
        public var maxHeaderCount = 64
        /// The largest request body (an action to dispatch, a jump); a larger one is answered `413`.
        public var maxBodyBytes = 1024 * 1024
        /// The largest session to import, accepted only from a request whose head carries the token (the body of
        /// any other request is held to ``maxBodyBytes``): a session of 100,000 small actions is about 50 MB.
        public var maxSessionBytes = 512 * 1024 * 1024
        /// The most connections open at once. When a new one comes, the connection that has waited longest
        /// without sending a whole request is closed to make room; when none has, the new one is closed.
        public var maxConnections = 64
        /// The most pages receiving live updates at once; more WebSocket upgrades are answered `503`.
        public var maxPages = 16
        /// How long a connection may take to send a whole request, or stay idle between two: it is closed after.
        public var requestTimeout: Duration = .seconds(10)
        /// The most bytes queued for a page that does not read its live updates: past it, the page is
        /// disconnected (it reconnects and reloads), so that it never holds memory or the store back.
        public var maxPageBacklogBytes = 4 * 1024 * 1024
        /// The largest message a page may send on its WebSocket.
        public var maxPageMessageBytes = 64 * 1024

        /// The defaults.
        public init() {}
    }

    /// What the server has done since it started, for a look at how it is used and attacked.
    public struct Statistics: Sendable, Equatable {
        /// Connections accepted.
        public var accepted = 0
        /// Requests read in full and handed to the inspector.
        public var requests = 0
        /// Requests refused before they were read in full, for passing a limit.
        public var refusedForLimits = 0
        /// Connections closed for taking longer than ``Limits/requestTimeout``.
        public var timedOut = 0
        /// Connections closed to make room for a new one, or new ones closed for want of room.
        public var closedForRoom = 0
        /// Pages disconnected for not reading their live updates.
        public var droppedPages = 0
        /// Times the server could not accept a connection (file descriptors exhausted, for example); it pauses
        /// accepting for a tenth of a second and goes on.
        public var acceptFailures = 0
        /// Connections open now.
        public var open = 0
    }
}
