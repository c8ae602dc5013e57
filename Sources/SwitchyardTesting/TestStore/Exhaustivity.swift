/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Sendable, Equatable {
    /// The default: every state change must be asserted in full, every action that middlewares dispatch must be
    /// received, and no effect may still be running when the test ends.
    case on
    /// Only what the test asserts is checked: an assertion closure states just the fields it cares about,
    /// `receive` skips the actions that do not match, and nothing left over at the end is a failure.
    case off
}
