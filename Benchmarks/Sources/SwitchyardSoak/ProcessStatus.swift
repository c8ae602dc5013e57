import Foundation

/// The process's resident memory and thread count, read from `/proc/self/status`.
struct ProcessStatus {
    /// The resident set size in bytes (`VmRSS`).
    var residentBytes: Int?
    /// The number of threads (`Threads`).
    var threads: Int?

    /// The current status; its fields are `nil` where `/proc` does not exist.
    static func current() -> ProcessStatus {
        var status = ProcessStatus()
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return status }
        for line in text.split(separator: "\n") {
            // "VmRSS:	   41236 kB", "Threads:	13"
            let fields = line.split(whereSeparator: { $0 == ":" || $0.isWhitespace })
            guard fields.count >= 2, let value = Int(fields[1]) else { continue }
            switch fields[0] {
            case "VmRSS": status.residentBytes = value * 1024
            case "Threads": status.threads = value
            default: continue
            }
        }
        return status
    }
}
