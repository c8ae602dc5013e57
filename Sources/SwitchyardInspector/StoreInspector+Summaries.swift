import CustomDump
import Foundation
import Switchyard

extension StoreInspector {
    /// How many entries a lookup copies at a time under the recorder's lock.
    static var lookupBatch: Int { 256 }

    /// The entries after `id` (all of them for `nil`), described for the page, with the status.
    func summaries(after id: Int?) -> InspectorWire.Entries {
        let (entries, current, example) = recorder.withState { state in
            (state.history.entries(after: id), self.status(of: state), exampleAction(in: state))
        }
        return InspectorWire.Entries(entries: summaries(of: entries), status: withExample(current, example))
    }

    /// `entries` described for the page, with no lock held: describing and sanitizing run the app's code.
    func summaries(of entries: [InspectorEntry<Action, State>]) -> [InspectorWire.Summary] {
        let sanitize = currentSanitizers
        return entries.map { summary(of: $0, sanitizedBy: sanitize) }
    }

    func summary(
        of entry: InspectorEntry<Action, State>,
        sanitizedBy sanitize: InspectorSanitizers<Action, State>
    )
        -> InspectorWire.Summary
    {
        let source = entry.source
        var rawBridges: [String] = []
        for line in (source.info ?? "").split(separator: "\n") where line.hasPrefix("Bridged from ") {
            rawBridges.append(String(line))
        }
        let info = Self.sanitizedInfo(source.info, sanitizedBy: sanitize) { named in
            lastEntry(before: nil) { "\($0.action)" == named }?.action
        }
        var bridges: [String] = []
        for line in (info ?? "").split(separator: "\n") where line.hasPrefix("Bridged from ") {
            bridges.append(String(line))
        }
        return InspectorWire.Summary(
            id: entry.id,
            action: Self.describe(sanitize(entry.action)),
            source: InspectorWire.Source(
                file: source.file,
                function: source.function,
                line: source.line,
                info: info,
                bridges: bridges
            ),
            thread: entry.thread.description,
            time: entry.time,
            durations: InspectorWire.Durations(
                handle: entry.handleNanoseconds,
                reduce: entry.reduceNanoseconds,
                io: entry.ioNanoseconds,
                total: entry.handleNanoseconds + entry.reduceNanoseconds + entry.ioNanoseconds
            ),
            skipped: entry.isSkipped,
            followUp: entry.isFollowUp,
            held: entry.wasHeld,
            origin: rawBridges.last.flatMap { origin(of: entry, bridgedFrom: $0) },
            gap: entry.stateBefore != nil
        )
    }

    /// An action's info with the actions that its "Bridged from …" lines name sanitized, when a sanitizer is set and
    /// the action named is in `history` (the line names the action as string interpolation writes it).
    static func sanitizedInfo(
        _ info: String?, in history: [InspectorEntry<Action, State>],
        sanitizedBy sanitize: InspectorSanitizers<Action, State>
    ) -> String? {
        sanitizedInfo(info, sanitizedBy: sanitize) { named in
            history.last { "\($0.action)" == named }?.action
        }
    }

    /// An action's info with the actions that its "Bridged from …" lines name sanitized, when a sanitizer is set and
    /// `action` finds the action named (the line names the action as string interpolation writes it).
    static func sanitizedInfo(
        _ info: String?,
        sanitizedBy sanitize: InspectorSanitizers<Action, State>,
        action: (String) -> Action?
    ) -> String? {
        guard let info, sanitize.action != nil, info.contains("Bridged from ") else { return info }
        var described: [String: String] = [:]
        let lines = info.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("Bridged from "),
                let at = line.range(of: " at ", options: .backwards),
                at.lowerBound >= line.index(line.startIndex, offsetBy: "Bridged from ".count)
            else { return String(line) }
            let named = String(line[line.index(line.startIndex, offsetBy: "Bridged from ".count)..<at.lowerBound])
            if described[named] == nil {
                // An action not in the history is not shown: it could hold what the sanitizer hides.
                described[named] = action(named).map { "\(sanitize($0))" } ?? "an action no longer in the history"
            }
            return "Bridged from " + (described[named] ?? named) + String(line[at.lowerBound...])
        }
        return lines.joined(separator: "\n")
    }

    /// The entry a bridged action came from: the newest earlier entry with the same source whose action is the one
    /// the line names ("Bridged from <action> at <place>").
    func origin(of entry: InspectorEntry<Action, State>, bridgedFrom line: String) -> Int? {
        let named = line.dropFirst("Bridged from ".count)
        guard let at = named.range(of: " at ", options: .backwards) else { return nil }
        let actionText = String(named[..<at.lowerBound])
        let source = entry.source
        return lastEntry(before: entry.id) { candidate in
            let candidateSource = candidate.source
            return candidateSource.file == source.file && candidateSource.line == source.line
                && "\(candidate.action)" == actionText
        }?.id
    }

    /// The newest entry numbered before `id` (of them all for `nil`) that `matches`. The history is read a batch of
    /// ``lookupBatch`` entries at a time, newest first: the recorder's lock is held only to copy a batch, never the
    /// whole history, and `matches` (which describes actions: the app's code) runs with no lock held.
    func lastEntry(
        before id: Int?, where matches: (InspectorEntry<Action, State>) -> Bool
    ) -> InspectorEntry<Action, State>? {
        var bound = id
        while true {
            let batch = recorder.withState { $0.history.entries(before: bound, limit: Self.lookupBatch) }
            guard let oldest = batch.first else { return nil }
            if let found = batch.last(where: matches) { return found }
            bound = oldest.id
        }
    }

    /// The detail of the entry numbered `id`: payload, state after and diff against the state before.
    func detail(_ id: Int) -> InspectorWire.Detail? {
        let found = recorder.withState { state -> (InspectorEntry<Action, State>, State)? in
            guard let offset = state.history.offset(of: id) else { return nil }
            return (state.history[offset], state.history.state(before: offset))
        }
        guard let (entry, rawBefore) = found else { return nil }
        let sanitize = currentSanitizers
        let before = sanitize(entry.stateBefore ?? rawBefore)
        let after = sanitize(entry.state)
        return InspectorWire.Detail(
            entry: summary(of: entry, sanitizedBy: sanitize),
            payload: ValueTree(of: sanitize(entry.action)),
            state: ValueTree(of: after),
            diff: diff(before, after) ?? ""
        )
    }
}
