import Foundation

/// How a commit's journaled actions are stored: one row of `journal_batch` per commit, holding every action of the
/// commit, rather than one row per action.
///
/// One row per action cost SQLite about 1.5 µs per action to insert (its B-tree, its page writes), the largest cost
/// of the writer after encoding; one row per batch costs about 0.5 µs per action, packing included (200,000 actions
/// in batches of 1,000, release build, this project's machine). A restore reads a few large rows instead of a
/// million small ones.
///
/// A row's `actions` column is the actions' encoded bytes, one after the other; its `records` column describes
/// them, in little-endian binary: a count of strings and the strings (each a 32-bit length and its UTF-8 bytes: the
/// files, functions and infos of the batch's sources, each stored once), then one 48-byte record per action: its
/// sequence number, the version of the app's data that wrote it, its time (seconds since 1970, a 64-bit float), its
/// line, the indexes of its file, function and info strings (`0xFFFF_FFFF` for no info), and the length of its bytes.
enum JournalBatch {
    private static let noString = UInt32.max
    private static let recordSize = 48

    /// The `records` and `actions` columns of `rows`.
    static func pack(_ rows: some Collection<PersistenceFile.JournalRow>) -> (records: Data, actions: Data) {
        var strings = SourceStrings()
        // Each column's last string, compared before hashing: consecutive actions mostly come from the same places.
        // One per column, as the columns alternate: a last string shared by the three matched none of the next row's.
        var lastFile: (string: String, index: UInt32)?
        var lastFunction: (string: String, index: UInt32)?
        var lastInfo: (string: String, index: UInt32)?
        // The records are written in place, each field at its offset: appended one field at a time, as bytes, they
        // cost the writer's thread about 740 instructions per action more (callgrind, `SwitchyardProfile p1wj`).
        var table = [UInt8](repeating: 0, count: rows.count * recordSize)
        var actions = [UInt8]()
        actions.reserveCapacity(rows.reduce(0) { $0 + $1.action.count })
        table.withUnsafeMutableBytes { table in
            var record = RecordWriter(bytes: table)
            for row in rows {
                record.put(row.seq)
                record.put(Int64(row.version))
                record.put(row.time.bitPattern)
                record.put(row.line)
                record.put(strings.index(of: row.file, last: &lastFile))
                record.put(strings.index(of: row.function, last: &lastFunction))
                record.put(row.info.map { strings.index(of: $0, last: &lastInfo) } ?? noString)
                record.put(UInt32(row.action.count))
                row.action.withUnsafeBytes { actions.append(contentsOf: $0) }
            }
            precondition(record.offset == table.count, "a journal record is \(recordSize) bytes")
        }
        func put<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        var records = [UInt8]()
        records.reserveCapacity(table.count + strings.list.reduce(4) { $0 + 4 + $1.utf8.count })
        put(UInt32(strings.list.count), into: &records)
        for string in strings.list {
            put(UInt32(string.utf8.count), into: &records)
            records.append(contentsOf: string.utf8)
        }
        records.append(contentsOf: table)
        return (Data(records), Data(actions))
    }

    /// Writes the fields of the records one after the other, little-endian, into bytes made for them.
    private struct RecordWriter {
        let bytes: UnsafeMutableRawBufferPointer
        var offset = 0

        mutating func put<T: FixedWidthInteger>(_ value: T) {
            bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
            offset += MemoryLayout<T>.size
        }
    }

    /// The strings of a batch's sources, each kept once, in the order they first came.
    ///
    /// A value with one last string per column, where the packing used variables captured by a local function and
    /// one last string for the three columns: the captured variables were checked for exclusive access at run time,
    /// and the shared last string matched none of the next row's, which were all hashed. The writer's thread spent
    /// 1,700 instructions per action more (17,282 against 15,584, counted by callgrind on P1wj's writer).
    private struct SourceStrings {
        var list: [String] = []
        var indexes: [String: UInt32] = [:]

        /// The index of `string`, added when it is new; `last` is the previous string of its column and that
        /// string's index, which it becomes.
        mutating func index(of string: String, last: inout (string: String, index: UInt32)?) -> UInt32 {
            if let previous = last, previous.string == string { return previous.index }
            let index: UInt32
            if let known = indexes[string] {
                index = known
            } else {
                index = UInt32(list.count)
                list.append(string)
                indexes[string] = index
            }
            last = (string, index)
            return index
        }
    }

    /// A batch's records that could not be read: the file was not written by this code, or is damaged.
    struct Malformed: Error, CustomStringConvertible {
        var description: String { "a batch of the journal is malformed" }
    }

    /// A batch of the journal that does not read, found while the journal was read in order: the actions from it
    /// to the end of the journal are not read.
    struct Damage: Error, CustomStringConvertible {
        /// The first action of the batch that does not read.
        var firstSeq: Int64
        /// The last action of the journal.
        var lastSeq: Int64
        /// How many batches are not read, the damaged one and those after it.
        var batches: Int

        var description: String {
            "a batch of its journal is malformed: the actions \(firstSeq) to \(lastSeq) (\(batches) "
                + (batches == 1 ? "batch" : "batches") + ") do not read"
        }
    }

    /// Calls `body` with each action of the batch whose sequence number is after `seq`: its number, version, and
    /// bytes (valid during the call only); with `sources`, the strings of its source too. `seqs` is the range the
    /// row's columns give, which the records must fill, in order.
    ///
    /// The whole batch is checked before any of its actions is handed to `body`, so that a damaged batch gives none:
    /// its strings and records in bounds, its records' sequence numbers increasing from the first of `seqs` to the
    /// last, their versions positive, their strings among the batch's, and their bytes making up `actions` exactly.
    static func forEach(
        records: Data,
        actions: Data,
        seqs: ClosedRange<Int64>? = nil,
        after seq: Int64,
        _ body: (_ record: Record, _ strings: [String], _ action: Data) throws -> Void,
        sources: Bool = false
    ) throws {
        try walk(records: records, actions: actions, seqs: seqs, after: .max, sources: false) { _, _, _ in }
        try walk(records: records, actions: actions, seqs: seqs, after: seq, sources: sources, body)
    }

    /// Reads the batch, checking it as ``forEach(records:actions:seqs:after:_:sources:)`` says, and calls `body`
    /// with each action after `seq`; throws ``Malformed`` at the first check that fails.
    private static func walk(
        records: Data,
        actions: Data,
        seqs: ClosedRange<Int64>?,
        after seq: Int64,
        sources: Bool,
        _ body: (_ record: Record, _ strings: [String], _ action: Data) throws -> Void
    ) throws {
        try records.withUnsafeBytes { records in
            var offset = 0
            func read<T: FixedWidthInteger>(_: T.Type) throws -> T {
                guard offset + MemoryLayout<T>.size <= records.count else { throw Malformed() }
                defer { offset += MemoryLayout<T>.size }
                return T(littleEndian: records.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            let stringCount = Int(try read(UInt32.self))
            var strings: [String] = []
            if sources { strings.reserveCapacity(min(stringCount, records.count)) }
            for _ in 0..<stringCount {
                let length = Int(try read(UInt32.self))
                guard offset + length <= records.count else { throw Malformed() }
                if sources {
                    strings.append(String(decoding: records[offset..<offset + length], as: UTF8.self))
                }
                offset += length
            }
            guard (records.count - offset) % recordSize == 0 else { throw Malformed() }
            func isString(_ index: UInt32) -> Bool { Int(index) < stringCount }
            var actionOffset = actions.startIndex
            var previous: Int64?
            while offset < records.count {
                let record = Record(
                    seq: try read(Int64.self), version: Int(try read(Int64.self)),
                    time: Double(bitPattern: try read(UInt64.self)), line: try read(Int64.self),
                    file: try read(UInt32.self), function: try read(UInt32.self), info: try read(UInt32.self))
                let length = Int(try read(UInt32.self))
                let inOrder = previous.map { record.seq > $0 } ?? (seqs.map { record.seq == $0.lowerBound } ?? true)
                guard actionOffset + length <= actions.endIndex, inOrder, seqs?.contains(record.seq) ?? true,
                    record.version > 0,
                    isString(record.file), isString(record.function), record.info == noString || isString(record.info)
                else { throw Malformed() }
                previous = record.seq
                defer { actionOffset += length }
                guard record.seq > seq else { continue }
                try body(record, strings, actions[actionOffset..<actionOffset + length])
            }
            // Every byte of `actions` belongs to a record, and the records reach the last of `seqs`.
            guard actionOffset == actions.endIndex, seqs.map({ $0.upperBound == previous }) ?? true else {
                throw Malformed()
            }
        }
    }

    /// One action's record.
    struct Record {
        var seq: Int64
        var version: Int
        var time: Double
        var line: Int64
        var file: UInt32
        var function: UInt32
        var info: UInt32

        /// The journal row of this record, with `strings` its batch's strings and `action` its bytes.
        func row(_ strings: [String], _ action: Data) -> PersistenceFile.JournalRow {
            PersistenceFile.JournalRow(
                seq: seq, version: version, time: time, file: strings[Int(file)], function: strings[Int(function)],
                line: line, info: info == JournalBatch.noString ? nil : strings[Int(info)], action: Data(action))
        }
    }
}
