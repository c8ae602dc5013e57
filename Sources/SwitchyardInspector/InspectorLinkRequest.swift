import Foundation

extension InspectorLink {
    /// A page's request, as the desktop sends it to the app: the desktop reads the page's HTTP request (its method,
    /// path, query and body) and answers the malformed ones itself; the app receives only these, and answers each.
    package enum Request: Codable, Sendable, Equatable {
        /// The inspector's status.
        case status
        /// The summaries of the entries after the action `after`, or of every entry.
        case entries(after: Int?)
        /// The detail of one entry: its action, the state after it and the difference.
        case detail(id: Int)
        /// The current state.
        case state
        /// Travel to the state after the action `id`.
        case jump(id: Int)
        /// Return to the present.
        case present
        /// Skip the action `id`, or take it back.
        case skip(id: Int, skipped: Bool)
        /// Dispatch the action that `json` encodes.
        case dispatch(json: Data)
        /// The session, as a file to import again.
        case exportSession
        /// Show a session exported before instead of the live history.
        case importSession(Data)
        /// The history, as a test of the app's.
        case exportTest(TestExport)
        /// A journal file, as a test of the app's.
        case journalTest(Data, TestExport)
        /// Pause or resume recording.
        case pause(Bool)
        /// Hold the actions dispatched from now on, or hand them back.
        case lock(Bool)
        /// Make the current state the history's start.
        case commit
        /// Go back to the history's start.
        case revert
        /// Remove the skipped actions.
        case sweep
        /// The allow and deny lists.
        case filter
        /// Set the allow and deny lists.
        case setFilter(allow: [String]?, deny: [String])
        /// The actions per second of the last minute.
        case rate
    }

    /// The names an exported test is written with.
    package struct TestExport: Codable, Sendable, Equatable {
        /// The test function's name.
        package var name: String
        /// The app's reducer, as the test names it.
        package var reducer: String
        /// The app's middleware, as the test names it; `nil` for a test store without one.
        package var middleware: String?
        /// The modules the test imports besides the testing ones.
        package var imports: [String]

        package init(name: String, reducer: String, middleware: String?, imports: [String]) {
            self.name = name
            self.reducer = reducer
            self.middleware = middleware
            self.imports = imports
        }
    }
}
