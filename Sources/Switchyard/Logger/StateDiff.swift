/// The lines of `dump(state)` that an action changed: removed lines (`-`) and added lines (`+`), in order.
///
/// Common leading and trailing lines are skipped; the lines between are matched with a longest common subsequence,
/// or, when there are too many of them for that to be cheap, shown as all removed then all added.
struct StateDiff: Equatable {
    /// One changed line.
    enum Line: Equatable {
        case removed(String)
        case added(String)
    }

    /// The changed lines; empty when the two dumps are equal.
    let lines: [Line]

    /// The most pairs of lines compared with a longest common subsequence.
    static let maximumComparisons = 250_000

    /// The diff from the dump `before` to the dump `after`.
    init(before: String, after: String) {
        let old = before.split(separator: "\n", omittingEmptySubsequences: false)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] {
            prefix += 1
        }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let removed = Array(old[prefix..<(old.count - suffix)])
        let added = Array(new[prefix..<(new.count - suffix)])
        self.lines = Self.changes(from: removed, to: added)
    }

    /// Dumps `value` as `dump(_:)` prints it.
    static func dumped<Value>(_ value: Value) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    private static func changes(from old: [Substring], to new: [Substring]) -> [Line] {
        guard !old.isEmpty, !new.isEmpty, old.count * new.count <= maximumComparisons else {
            return old.map { .removed(String($0)) } + new.map { .added(String($0)) }
        }
        // common[i][j]: length of the longest common subsequence of old[i...] and new[j...].
        let width = new.count + 1
        var common = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i * width + j] =
                    old[i] == new[j]
                    ? common[(i + 1) * width + j + 1] + 1
                    : max(common[(i + 1) * width + j], common[i * width + j + 1])
            }
        }
        var result: [Line] = []
        var i = 0
        var j = 0
        while i < old.count, j < new.count {
            if old[i] == new[j] {
                i += 1
                j += 1
            } else if common[(i + 1) * width + j] >= common[i * width + j + 1] {
                result.append(.removed(String(old[i])))
                i += 1
            } else {
                result.append(.added(String(new[j])))
                j += 1
            }
        }
        result += old[i...].map { .removed(String($0)) }
        result += new[j...].map { .added(String($0)) }
        return result
    }
}
