import Foundation

/// What a `-wal` file beside a database holds, read from its bytes alone: SQLite applies whatever log it finds when it
/// opens the file, and silently discards one it cannot read, so a log is looked at before SQLite opens the file with
/// it.
///
/// The format is SQLite's (its "WAL file format"): a 32-byte header (a magic number, the format version, the page
/// size, a checkpoint count, two salts, and a checksum of the first 24 bytes), then frames, each a 24-byte header (the
/// page's number; for the last frame of a commit the database's size in pages, otherwise 0; the header's salts; a
/// running checksum) and the page. SQLite applies the frames up to the last commit whose frames all carry the
/// header's salts and the running checksum; what follows (a commit cut short by a crash, or the rest of a log that a
/// checkpoint started over) is ignored. This reader follows the same rule.
enum WriteAheadLog {
    /// What the committed frames of a log leave on one page.
    enum Page: Equatable {
        /// The log commits nothing: SQLite applies nothing from it.
        case nothingCommitted
        /// The log commits pages of another size than the database's.
        case otherPageSize(Int)
        /// The log commits, and none of its committed frames writes the page.
        case notWritten
        /// The page as the last committed frame that writes it holds it.
        case written([UInt8])
    }

    /// Whether `header` (the first 32 bytes of a `-wal` file) is a write-ahead log's header that SQLite would read:
    /// its magic number, format version, page size and checksum. A file that fails is garbage, which SQLite would
    /// silently discard.
    static func isValidHeader(_ header: Data) -> Bool {
        let bytes = [UInt8](header.prefix(32))
        guard bytes.count == 32 else { return false }
        return bytes.withUnsafeBytes { Reader($0).header != nil }
    }

    /// The page numbered `number` as the log at `path` would leave it once SQLite applied it to a database of
    /// `pageSize`-byte pages.
    static func page(_ number: UInt32, pageSize: Int, inLogAt path: String) throws -> Page {
        let log = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        return log.withUnsafeBytes { bytes in
            let reader = Reader(bytes)
            guard let header = reader.header else { return .nothingCommitted }
            var checksum = header.checksum
            var offset = 32
            var committed: Page = .nothingCommitted
            // The page as the frames after the last commit write it, applied only if a commit follows.
            var uncommitted: Range<Int>?
            let frameSize = 24 + header.pageSize
            while offset + frameSize <= bytes.count {
                let pageNumber = reader.bigEndian(offset)
                guard pageNumber != 0, reader.bigEndian(offset + 8) == header.salts.0,
                    reader.bigEndian(offset + 12) == header.salts.1
                else { break }
                reader.checksum(offset..<offset + 8, &checksum, bigEndian: header.bigEndianChecksum)
                reader.checksum(
                    offset + 24..<offset + frameSize, &checksum, bigEndian: header.bigEndianChecksum)
                guard checksum == (reader.bigEndian(offset + 16), reader.bigEndian(offset + 20)) else { break }
                if pageNumber == number { uncommitted = offset + 24..<offset + frameSize }
                if reader.bigEndian(offset + 4) != 0 {
                    if let uncommitted {
                        committed = .written(Array(bytes[uncommitted]))
                    } else if committed == .nothingCommitted {
                        committed = .notWritten
                    }
                    uncommitted = nil
                }
                offset += frameSize
            }
            if committed != .nothingCommitted && header.pageSize != pageSize {
                return .otherPageSize(header.pageSize)
            }
            return committed
        }
    }

    /// Reads a log's words: big-endian integers, and the running checksum. It reads raw memory without bounds
    /// checks: every offset it is given lies within the log, which its callers check (the header after its length,
    /// and only whole frames).
    private struct Reader {
        let bytes: UnsafeRawBufferPointer

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        func bigEndian(_ offset: Int) -> UInt32 {
            UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }

        /// SQLite's running checksum over `range`, read as pairs of 32-bit words, big-endian or little-endian as
        /// the log's magic number says.
        func checksum(_ range: Range<Int>, _ sums: inout (UInt32, UInt32), bigEndian: Bool) {
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                let first = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                let second = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                sums.0 = sums.0 &+ (bigEndian ? UInt32(bigEndian: first) : UInt32(littleEndian: first)) &+ sums.1
                sums.1 = sums.1 &+ (bigEndian ? UInt32(bigEndian: second) : UInt32(littleEndian: second)) &+ sums.0
                offset += 8
            }
        }

        /// The header's page size, salts and checksum, and the order of the checksum's words; `nil` when the
        /// header is not a write-ahead log's that SQLite would read.
        var header: (pageSize: Int, salts: (UInt32, UInt32), checksum: (UInt32, UInt32), bigEndianChecksum: Bool)? {
            guard bytes.count >= 32 else { return nil }
            let magic = bigEndian(0)
            guard magic == 0x377f_0682 || magic == 0x377f_0683, bigEndian(4) == 3_007_000 else { return nil }
            let pageSize = Int(bigEndian(8))
            guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else { return nil }
            var sums: (UInt32, UInt32) = (0, 0)
            checksum(0..<24, &sums, bigEndian: magic & 1 == 1)
            guard sums == (bigEndian(24), bigEndian(28)) else { return nil }
            return (pageSize, (bigEndian(16), bigEndian(20)), sums, magic & 1 == 1)
        }
    }
}
