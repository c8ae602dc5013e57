import Foundation

/// What tells a journal's file from any other: the random number its `meta` table records (its `fileID` row), and
/// where that table lives, so that the identity can be read from a copy of its page in a write-ahead log.
///
/// Every commit of the journal rewrites a row of `meta` (see `PersistenceFile.commit`), so every commit in the
/// journal's log carries a copy of the table's page, and with it the identity: a log whose commits leave another
/// identity on that page, or none, is not the file's.
struct FileIdentity: Equatable {
    /// The random number of the file's `fileID` row.
    var fileID: Int64
    /// The number of the `meta` table's page: its root, which is a leaf, the table holding a few rows.
    var metaPage: UInt32
    /// The file's page size.
    var pageSize: Int

    /// The identity recorded on `page`, a copy of the `meta` table's page numbered `number`; `nil` when the page is
    /// not a table's leaf holding a `fileID` row.
    ///
    /// The format is SQLite's: a table leaf's header (type `0x0D`, after the file's 100-byte header on page 1), its
    /// cells' offsets, and each cell the record's length, the row's id, and the record: a header of serial types
    /// (the `key` text, then the `value` integer) and the values, all with SQLite's variable-length integers.
    static func fileID(onPage page: [UInt8], number: UInt32) -> Int64? {
        let start = number == 1 ? 100 : 0
        guard page.count >= start + 8, page[start] == 0x0D else { return nil }
        let cells = Int(page[start + 3]) << 8 | Int(page[start + 4])
        for cell in 0..<cells {
            let pointer = start + 8 + 2 * cell
            guard pointer + 2 <= page.count else { return nil }
            var offset = Int(page[pointer]) << 8 | Int(page[pointer + 1])
            guard let length = varint(page, &offset), varint(page, &offset) != nil,
                offset + Int(length) <= page.count,
                let (key, value) = keyAndValue(page[offset..<offset + Int(length)]),
                key == "fileID"
            else { continue }
            return value
        }
        return nil
    }

    /// The text and the integer of a `meta` record; `nil` for another record.
    private static func keyAndValue(_ record: ArraySlice<UInt8>) -> (String, Int64)? {
        var offset = record.startIndex
        guard let headerLength = varint(record, &offset) else { return nil }
        let bodyStart = record.startIndex + Int(headerLength)
        guard let keyType = varint(record, &offset), let valueType = varint(record, &offset),
            offset <= bodyStart, keyType >= 13, keyType % 2 == 1
        else { return nil }
        let keyEnd = bodyStart + Int((keyType - 13) / 2)
        let widths: [UInt64: Int] = [1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 8: 0, 9: 0]
        guard let width = widths[valueType], keyEnd + width <= record.endIndex else { return nil }
        let key = String(decoding: record[bodyStart..<keyEnd], as: UTF8.self)
        if valueType >= 8 { return (key, Int64(valueType - 8)) }
        // A big-endian two's complement integer of `width` bytes.
        var value: Int64 = record[keyEnd] & 0x80 == 0 ? 0 : -1
        for byte in record[keyEnd..<keyEnd + width] { value = value << 8 | Int64(byte) }
        return (key, value)
    }

    /// SQLite's variable-length integer at `offset` (1 to 9 bytes, seven bits a byte, the ninth's eight), moving
    /// `offset` past it; `nil` when the bytes end first.
    private static func varint<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, _ offset: inout Bytes.Index
    ) -> UInt64? where Bytes.Index == Int {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard offset < bytes.endIndex else { return nil }
            let byte = bytes[offset]
            offset += 1
            if index == 8 { return value << 8 | UInt64(byte) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return value }
        }
        return value
    }
}
