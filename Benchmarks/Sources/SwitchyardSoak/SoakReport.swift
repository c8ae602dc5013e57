import Foundation

/// The soak's measurements, one sample a second, and the verdict drawn from them.
struct SoakReport {
    /// What one second of the run looked like.
    struct Sample {
        let second: Int
        let actionsPerSecond: Double
        /// Resident memory in bytes; `nil` where it cannot be read (printed as 0).
        let residentBytes: Int?
        /// Threads of the process; `nil` where they cannot be read (printed as 0).
        let threads: Int?
        /// Observers (plain and main-actor) and `states` consumers alive.
        let subscriptions: Int
        let middlewares: Int
        let chainsFinished: Int
        let answers: Int
    }

    /// RSS at the end may be at most this factor times RSS at a tenth of the run, plus ``leakSlack``.
    static let leakFactor = 1.5
    static let leakSlack = 20 << 20

    static let header = "   time    actions/s   RSS MB  threads  subs  mw  chains  answers"

    private(set) var samples: [Sample] = []

    /// Records `sample` and returns its line.
    mutating func record(_ sample: Sample) -> String {
        samples.append(sample)
        return String(
            format: "%6ds %10.2fM %8.1f %8d %5d %3d %7d %8d",
            sample.second,
            sample.actionsPerSecond / 1e6,
            Double(sample.residentBytes ?? 0) / 1_048_576,
            sample.threads ?? 0,
            sample.subscriptions,
            sample.middlewares,
            sample.chainsFinished,
            sample.answers
        )
    }

    /// The summary lines, and whether the run passed: no memory growth beyond the limit and no `problems`.
    func summary(problems: [String], totals: [String]) -> (lines: [String], passed: Bool) {
        guard let last = samples.last else { return (["no sample"], false) }
        var lines: [String] = []
        var failures = problems
        let tenth = max(1, samples.count / 10)
        let first = samples.prefix(tenth).map(\.actionsPerSecond)
        let final = samples.suffix(tenth).map(\.actionsPerSecond)
        let mean = samples.map(\.actionsPerSecond).reduce(0, +) / Double(samples.count)
        let firstMean = first.reduce(0, +) / Double(first.count)
        let finalMean = final.reduce(0, +) / Double(final.count)
        lines.append(
            String(
                format: "throughput: %.2fM actions/s on average; first 10%% %.2fM/s, last 10%% %.2fM/s (%.2fx)",
                mean / 1e6, firstMean / 1e6, finalMean / 1e6, finalMean / max(firstMean, 1)
            )
        )
        let resident = samples.compactMap(\.residentBytes)
        if let minimum = resident.min(), let maximum = resident.max(), let end = last.residentBytes,
            let atTenth = samples[tenth - 1].residentBytes
        {
            let limit = Int(Double(atTenth) * Self.leakFactor) + Self.leakSlack
            lines.append(
                "RSS: min \(Self.megabytes(minimum)) MB, max \(Self.megabytes(maximum)) MB, "
                    + "last \(Self.megabytes(end)) MB; at 10% (\(samples[tenth - 1].second) s) "
                    + "\(Self.megabytes(atTenth)) MB, at the end \(Self.megabytes(end)) MB, "
                    + "limit \(Self.megabytes(limit)) MB (1.5 x at 10% + 20 MB)"
            )
            if end > limit {
                failures.append("memory: RSS grew from \(Self.megabytes(atTenth)) MB to \(Self.megabytes(end)) MB")
            }
        } else {
            lines.append("RSS: not available on this system")
        }
        if let threads = samples.compactMap(\.threads).max() { lines.append("threads: at most \(threads)") }
        lines += totals
        lines += failures.map { "FAIL \($0)" }
        lines.append(failures.isEmpty ? "PASS" : "FAIL")
        return (lines, failures.isEmpty)
    }

    /// `bytes` in megabytes with one decimal, or "-".
    static func megabytes(_ bytes: Int?) -> String {
        bytes.map { String(format: "%.1f", Double($0) / 1_048_576) } ?? "-"
    }
}
