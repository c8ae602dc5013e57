import Foundation
import GRDB

@testable import SwitchyardPersistence

/// The journaled actions of the file at `path` after `seq`, in order, read as a restore reads them.
func journaledRows(_ path: String, after seq: Int64 = 0) throws -> [PersistenceFile.JournalRow] {
    let file = try PersistenceFile.openForReading(path: path)
    defer { try? file.close() }
    return try file.journal(after: seq)
}

/// Rewrites the bytes of the journaled action `seq` in the file at `path`, in the batch that holds it.
func replaceJournaledAction(_ seq: Int64, with bytes: Data, in path: String) throws {
    let database = try DatabaseQueue(path: path)
    defer { try? database.close() }
    try database.write { db in
        let batch = try Row.fetchOne(
            db, sql: "SELECT first_seq, records, actions FROM journal_batch WHERE first_seq <= ? AND last_seq >= ?",
            arguments: [seq, seq])
        guard let batch else { throw NoSuchAction() }
        var rows: [PersistenceFile.JournalRow] = []
        try JournalBatch.forEach(
            records: batch["records"], actions: batch["actions"], after: 0,
            { record, strings, action in
                var row = record.row(strings, action)
                if row.seq == seq { row.action = bytes }
                rows.append(row)
            }, sources: true)
        let (records, actions) = JournalBatch.pack(rows)
        try db.execute(
            sql: "UPDATE journal_batch SET records = ?, actions = ? WHERE first_seq = ?",
            arguments: [records, actions, batch["first_seq"] as Int64])
    }
}

struct NoSuchAction: Error {}
