extension DesktopInspector {
    /// What a client may send and hold, checked before the access token is: a client without the token or the
    /// pairing code costs the desktop inspector at most these bounds. The defaults suit one developer's pages and
    /// apps.
    public struct Limits: Sendable, Equatable {
        /// The longest request target (path and query); a longer one is answered `414` and closed.
        public var maxRequestLineBytes = 8 * 1024
        /// The largest request head (target and headers); a larger one is answered `431` and closed.
        public var maxHeadBytes = 16 * 1024
        /// The most headers in a request; more are answered `431` and closed.
        public var maxHeaderCount = 64
        /// The largest request body (an action to dispatch, a jump); a larger one is answered `413` and closed.
        public var maxBodyBytes = 1024 * 1024
        /// The largest session to import, accepted only from a request whose head carries the token (the body of
        /// any other request is held to ``maxBodyBytes``).
        public var maxSessionBytes = 256 * 1024 * 1024
        /// The most connections open at once. When a new one comes, the oldest connection that has not shown the
        /// token or the pairing code is closed to make room, whatever it is doing (sending its head, holding back
        /// its body, or idle); when every connection has shown one, the new one is closed.
        public var maxConnections = 64
        /// The most pages receiving live updates at once; more are answered `503`.
        public var maxPages = 32
        /// The most apps' stores connected at once; more are answered `503`.
        public var maxApps = 64
        /// The most stores the desktop keeps, connected or not, with what it kept of their launches: when an app
        /// connects a store past it, the store seen least recently among those whose app is disconnected is
        /// forgotten, and the pages that watch it are closed. Stores whose app is connected are all kept, whatever
        /// this bound. A desktop left open keeps its memory, and its list of stores, within this bound however many
        /// differently named stores connect over time (a test suite that names each store anew, say): ``maxApps``
        /// bounds the stores connected at once, not those kept.
        public var maxStores = 256
        /// How long a connection may take to send a whole request, or stay idle between two: it is closed after.
        public var requestTimeout: Duration = .seconds(10)
        /// How long the desktop waits for an app to answer a page's request (an export of a large history takes
        /// longest); the page gets `504` after it.
        public var appReplyTimeout: Duration = .seconds(120)
        /// The most memory queued for a page that does not read its live updates, control frames (pongs) included:
        /// past it, the page is disconnected (it reconnects and reloads), so that it never holds memory. A frame
        /// counts its bytes and about 800 bytes of bookkeeping (two writes, its header and its payload), what it
        /// costs the desktop while it waits: a flood of 125-byte pongs is dropped at about the same memory as large
        /// live updates.
        public var maxPageBacklogBytes = 4 * 1024 * 1024
        /// The largest message a page may send on its WebSocket, in one frame or in fragments; control frames are
        /// held to 125 bytes. A larger one closes the page's connection with `1009`.
        public var maxPageMessageBytes = 64 * 1024
        /// The largest message an app may send (an exported session is the largest).
        public var maxAppMessageBytes = 512 * 1024 * 1024
        /// The most earlier launches a view keeps after its app relaunched: the oldest goes first. A page shows them,
        /// read-only, above the live launch.
        public var maxEarlierLaunches = 3
        /// The most entries kept of each launch for when the app relaunched: the latest ones, of those the view's
        /// pages loaded or received while the launch ran.
        public var maxEntriesPerEarlierLaunch = 1_000

        /// The defaults.
        public init() {}
    }

    /// What the desktop inspector has done since it started, for a look at how it is used and attacked.
    public struct Statistics: Sendable, Equatable {
        /// Connections accepted.
        public var accepted = 0
        /// Requests read in full and answered.
        public var requests = 0
        /// Requests refused for passing a limit.
        public var refusedForLimits = 0
        /// Connections closed for taking longer than ``Limits/requestTimeout``.
        public var timedOut = 0
        /// Connections closed to make room for a new one, or new ones closed for want of room.
        public var closedForRoom = 0
        /// Pages disconnected for not reading their live updates.
        public var droppedPages = 0
        /// WebSocket connections closed for breaking the protocol.
        public var protocolErrors = 0
        /// Apps refused for a wrong pairing code. Only an app's upgrade that carries a code is compared and counted:
        /// nothing a web page sends is.
        public var refusedApps = 0
        /// Apps told to come back later because wrong pairing codes came faster than the desktop compares them
        /// (see ``DesktopInspector``): their codes were not compared.
        public var pairingLockouts = 0
        /// Connections open now.
        public var open = 0
        /// Live updates the apps sent: they send them only while a page watches their store.
        public var liveUpdates = 0
    }
}
