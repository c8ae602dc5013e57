/// Where an action came from: the file, function and line that dispatched it, and optional free-form information.
///
/// `dispatch(_:)` captures the caller's `#fileID`, `#function` and `#line` through default arguments, so every
/// action reaching a middleware tells who sent it:
///
/// ```swift
/// store.dispatch(.refresh, info: "pull to refresh")
/// // ActionSource(file: "App/ListView.swift", function: "body", line: 42, info: "pull to refresh")
/// ```
public struct ActionSource: Sendable {
    /// The file and function when they are the caller's literals, as the default arguments of every `dispatch`
    /// give them (`nil` when they are strings, in ``text``). A dispatch with the default arguments then holds no
    /// string that must be released when the action is done: three releases, about 45 instructions of a
    /// 340-instruction dispatch. Kept beside ``text``, not in it, so that a tool reads them without copying the
    /// source.
    @usableFromInline
    package let literals: Literals?
    /// The info, and the file and function when they are strings.
    @usableFromInline
    package let text: Text
    /// The line that dispatched the action.
    public let line: UInt

    /// Creates an action source from its parts.
    ///
    /// A source made from strings (forwarded, or decoded) keeps them in an object of their own, made here: the
    /// `dispatch` methods capture their caller as literals, which need none.
    public init(file: String, function: String, line: UInt, info: String?) {
        self.literals = nil
        self.text = .strings(Names(file: file, function: function, info: info))
        self.line = line
    }

    /// A source kept as `literals` and `text`.
    @inlinable @inline(__always)
    init(literals: Literals?, text: Text, line: UInt) {
        self.literals = literals
        self.text = text
        self.line = line
    }

    /// A source whose file and function are literals (`#fileID`, `#function`), kept without a string of their own.
    @inlinable @inline(__always)
    package init(file: StaticString, function: StaticString, line: UInt, info: String?) {
        let literals = Literals(file, function)
        if let info {
            self.init(literals: literals, text: .info(info), line: line)
        } else {
            self.init(literals: literals, text: .none, line: line)
        }
    }

    /// The file that dispatched the action, as `#fileID` prints it (`Module/File.swift`).
    ///
    /// A source that the store's `dispatch` made from its default arguments keeps its file and function as the
    /// literals they are: reading `file` or `function` then makes a string (and allocates one longer than 15 bytes).
    public var file: String {
        if let literals { return literals.file }
        guard case .strings(let names) = text else { return "" }
        return names.file
    }

    /// The function that dispatched the action, as `#function` prints it; see ``file`` for what reading it costs.
    public var function: String {
        if let literals { return literals.function }
        guard case .strings(let names) = text else { return "" }
        return names.function
    }

    /// Optional extra information, for example why the action was sent or what re-dispatched it.
    public var info: String? {
        switch text {
        case .none: nil
        case .info(let info): info
        case .strings(let names): names.info
        }
    }

    /// The source of the call site: `ActionSource.here()` captures the caller's file, function and line.
    public static func here(
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> ActionSource {
        ActionSource(file: file, function: function, line: line, info: info)
    }

    /// A copy of this source with `line` appended to ``info`` on a new line (or as the whole info when it was nil).
    ///
    /// The library uses it to record provenance ("Bridged from … at …") while keeping the original file, function
    /// and line.
    public func appendingInfo(_ line: String) -> ActionSource {
        let newInfo = info.map { $0.isEmpty ? line : $0 + "\n" + line } ?? line
        if let literals { return ActionSource(literals: literals, text: .info(newInfo), line: self.line) }
        return ActionSource(file: file, function: function, line: self.line, info: newInfo)
    }
}

extension ActionSource {
    /// The file and function of a source made from literals: where their UTF-8 text starts, and its lengths (the
    /// file's in the high 32 bits, the function's in the low). A literal's text lives as long as the program.
    @usableFromInline
    package struct Literals: @unchecked Sendable, Equatable {
        @usableFromInline let fileStart: UnsafePointer<UInt8>
        @usableFromInline let functionStart: UnsafePointer<UInt8>
        @usableFromInline let lengths: UInt64

        @inlinable @inline(__always)
        init(_ fileStart: UnsafePointer<UInt8>, _ functionStart: UnsafePointer<UInt8>, _ lengths: UInt64) {
            self.fileStart = fileStart
            self.functionStart = functionStart
            self.lengths = lengths
        }

        /// The literals `file` and `function`: where their text starts, and its lengths.
        @inlinable @inline(__always)
        init(_ file: StaticString, _ function: StaticString) {
            if _fastPath(file.hasPointerRepresentation && function.hasPointerRepresentation) {
                let lengths = UInt64(file.utf8CodeUnitCount) << 32 | UInt64(function.utf8CodeUnitCount)
                self.init(file.utf8Start, function.utf8Start, lengths)
            } else {
                self.init(scalars: file, function)
            }
        }

        /// Literals of which one at least is a `StaticString` made from one Unicode scalar, which has no text to
        /// point at: its UTF-8 bytes (at most four) are kept in the pointer's place, above a set top bit, and its
        /// length is marked by ``inlineFlag``. Such a source stays free of strings to release, like any other.
        @usableFromInline
        init(scalars file: StaticString, _ function: StaticString) {
            let (fileStart, fileLength) = Self.parts(of: file)
            let (functionStart, functionLength) = Self.parts(of: function)
            self.init(fileStart, functionStart, fileLength << 32 | functionLength)
        }

        /// Marks a length whose text is kept in its pointer's place.
        static let inlineFlag: UInt64 = 1 << 31
        /// The top bit, set in a pointer's place that holds text, so that it is never null.
        static let inlineMark: UInt = 1 << (UInt.bitWidth - 1)

        private static func parts(of literal: StaticString) -> (UnsafePointer<UInt8>, UInt64) {
            if literal.hasPointerRepresentation {
                return (literal.utf8Start, UInt64(literal.utf8CodeUnitCount))
            }
            var packed = inlineMark
            var count: UInt64 = 0
            for byte in String(literal.unicodeScalar).utf8 {
                packed |= UInt(byte) << (8 * count)
                count += 1
            }
            return (UnsafePointer(bitPattern: packed)!, count | inlineFlag)
        }

        private static func string(_ start: UnsafePointer<UInt8>, _ length: UInt64) -> String {
            guard length & inlineFlag != 0 else {
                return String(decoding: UnsafeBufferPointer(start: start, count: Int(length)), as: UTF8.self)
            }
            let packed = UInt(bitPattern: start)
            let bytes = (0..<Int(length & ~inlineFlag)).map { UInt8(truncatingIfNeeded: packed >> (8 * $0)) }
            return String(decoding: bytes, as: UTF8.self)
        }

        var file: String { Self.string(fileStart, lengths >> 32) }
        var function: String { Self.string(functionStart, lengths & 0xFFFF_FFFF) }
    }

    /// Whether the source has `info`, read without copying it.
    @inlinable
    package var hasInfo: Bool {
        switch text {
        case .none: false
        case .info: true
        case .strings(let names): names.info != nil
        }
    }

    /// The file and function of the sources given to it, as strings, made once for a run of sources from the same
    /// call site: a tool that reads every action's file and function (the journal, the inspector, tracing) then
    /// makes no string per action, and compares the strings it is given by identity.
    @usableFromInline
    package struct Strings: Sendable {
        @usableFromInline var literals: Literals?
        /// The file of the source given last.
        @usableFromInline package private(set) var file = ""
        /// The function of the source given last.
        @usableFromInline package private(set) var function = ""

        @inlinable
        package init() {}

        /// The file and function of `source`.
        @inlinable
        package mutating func of(_ source: borrowing ActionSource) -> (file: String, function: String) {
            update(for: source)
            return (file, function)
        }

        /// Makes ``file`` and ``function`` those of `source`, for a caller that reads them in place.
        @inlinable
        package mutating func update(for source: borrowing ActionSource) {
            if let literals = source.literals {
                if literals != self.literals { remember(literals) }
            } else {
                keepStrings(of: source)
            }
        }

        /// Keeps the strings of a source whose file and function are strings.
        @usableFromInline
        mutating func keepStrings(of source: ActionSource) {
            literals = nil
            file = source.file
            function = source.function
        }

        /// Makes the strings of another call site's literals.
        @usableFromInline
        mutating func remember(_ literals: Literals) {
            self.literals = literals
            file = literals.file
            function = literals.function
        }
    }

    /// What a source keeps besides its literals: its info, and its file and function when they are strings.
    @usableFromInline
    package enum Text: Sendable {
        /// Literals, without info: nothing to release.
        case none
        /// Literals, and info.
        case info(String)
        /// Strings, from ``ActionSource/init(file:function:line:info:)`` or a decoder.
        case strings(Names)
    }

    /// The file, function and info of a source made from strings: one reference in the source, which keeps it as
    /// small as a source made from literals (56 bytes on 64-bit platforms; every move of a dispatched action copies
    /// it).
    @usableFromInline
    package final class Names: Sendable {
        @usableFromInline let file: String
        @usableFromInline let function: String
        @usableFromInline let info: String?

        init(file: String, function: String, info: String?) {
            self.file = file
            self.function = function
            self.info = info
        }
    }
}

extension ActionSource: Hashable {
    /// Two sources are equal when their file, function, line and info are, however each keeps them.
    public static func == (lhs: ActionSource, rhs: ActionSource) -> Bool {
        guard lhs.line == rhs.line else { return false }
        if let left = lhs.literals, let right = rhs.literals, left == right, case .none = lhs.text,
            case .none = rhs.text
        {
            return true
        }
        return lhs.file == rhs.file && lhs.function == rhs.function && lhs.info == rhs.info
    }

    /// Hashes the file, function, line and info, so that equal sources hash equally however each keeps them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(function)
        hasher.combine(line)
        hasher.combine(info)
    }
}

extension ActionSource: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, function, line, info
    }

    /// Decodes a source encoded by ``encode(to:)``: its `file`, `function`, `line` and optional `info`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file),
            function: try container.decode(String.self, forKey: .function),
            line: try container.decode(UInt.self, forKey: .line),
            info: try container.decodeIfPresent(String.self, forKey: .info))
    }

    /// Encodes the source's `file`, `function`, `line` and, when there is one, `info`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(function, forKey: .function)
        try container.encode(line, forKey: .line)
        try container.encodeIfPresent(info, forKey: .info)
    }
}

extension ActionSource: CustomStringConvertible {
    /// `file:line function`, followed by ` | info` when there is info.
    public var description: String {
        "\(file):\(line) \(function)" + (info.map { " | \($0)" } ?? "")
    }
}
