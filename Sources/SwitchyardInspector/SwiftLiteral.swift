import CustomDump
import Foundation

/// Reads values as the Swift expressions that rebuild them, for the exported test: literals for strings, numbers,
/// arrays, sets and dictionaries, `nil` and the wrapped value for optionals, `.case(…)` for enums, memberwise
/// initializer calls for structs, and a few Foundation types by their initializers. What it cannot write as Swift it
/// writes as `customDump` prints it. The desktop lays the nodes out on lines.
struct SwiftLiteralWriter {
    /// Whether a value written so far needs Foundation (a `Date`, `UUID`, `URL`, `Data` or `Decimal`).
    private(set) var needsFoundation = false

    // MARK: - Values to nodes

    mutating func node(for value: Any, qualified: Bool) -> LiteralNode {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return .text("nil") }
            // `.some(nil)` is the only way to write a present value that is itself an absent optional.
            if let inner = wrapped as? any OptionalValue, inner.wrappedValue == nil { return .text(".some(nil)") }
            return node(for: wrapped, qualified: qualified)
        }
        if let scalar = Self.scalarLiteral(value) { return .text(scalar) }
        if let foundation = foundationNode(value) { return foundation }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?:
            return .group(
                open: "[", elements: mirror.children.map { .init(node(for: $0.value, qualified: false)) },
                close: "]")
        case .set?:
            // Sorted by their text: a set's order changes from one run to the next.
            let elements = mirror.children.map { LiteralNode.Element(node(for: $0.value, qualified: false)) }
            return .group(open: "[", elements: elements.sorted { $0.value.text < $1.value.text }, close: "]")
        case .dictionary?:
            let entries = mirror.children.map { child -> LiteralNode.Element in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return .init(node(for: child.value, qualified: false)) }
                return .init(
                    key: .value(node(for: pair[0].value, qualified: false)),
                    node(for: pair[1].value, qualified: false))
            }
            if entries.isEmpty { return .text("[:]") }
            return .group(open: "[", elements: entries.sorted { $0.sortKey < $1.sortKey }, close: "]")
        case .tuple?:
            return .group(open: "(", elements: labelledElements(mirror), close: ")")
        case .enum?:
            return enumNode(value, mirror: mirror, qualified: qualified)
        case .struct?, .class?:
            var node = LiteralNode.group(
                open: Self.typeName(mirror.subjectType) + "(", elements: labelledElements(mirror), close: ")")
            node.isMemberwise = mirror.displayStyle == .struct
            return node
        default:
            return Self.customDumpNode(value)
        }
    }

    /// Strings, characters, Booleans and numbers, as literals; `nil` for other values.
    static func scalarLiteral(_ value: Any) -> String? {
        switch value {
        case let string as String: return stringLiteral(string)
        case let substring as Substring: return stringLiteral(String(substring))
        case let character as Character: return stringLiteral(String(character))
        case let scalar as Unicode.Scalar: return stringLiteral(String(scalar))
        case let bool as Bool: return bool ? "true" : "false"
        case let integer as any BinaryInteger: return "\(integer)"
        case let number as any BinaryFloatingPoint:
            if number.isNaN { return ".nan" }
            if number.isInfinite { return number.sign == .minus ? "-.infinity" : ".infinity" }
            // `description` is the shortest text that reads back as the same value.
            return "\(number)"
        default: return nil
        }
    }

    /// A string literal on one line, with `\`, `"`, line breaks and other control characters escaped.
    static func stringLiteral(_ string: String) -> String {
        var text = "\""
        for (offset, scalar) in string.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\0": text += "\\0"
            case " "..."~":
                text.unicodeScalars.append(scalar)
            default:
                switch scalar.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator, .format, .surrogate, .privateUse, .unassigned:
                    text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                // A combining mark at the start would combine with the opening quote.
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    if offset == 0 {
                        text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                default:
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }

    /// The Foundation types that states commonly hold, by the initializers that rebuild them exactly.
    mutating func foundationNode(_ value: Any) -> LiteralNode? {
        let text: String
        switch value {
        case let date as Date:
            text = "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
        case let uuid as UUID:
            text = "UUID(uuidString: \"\(uuid.uuidString)\")!"
        case let url as URL:
            text = "URL(string: \(Self.stringLiteral(url.absoluteString)))!"
        case let decimal as Decimal:
            text = "Decimal(string: \"\(decimal)\")!"
        case let data as Data:
            needsFoundation = true
            let bytes = LiteralNode.group(open: "[", elements: data.map { .init(.text("\($0)")) }, close: "]")
            return .group(open: "Data(", elements: [.init(bytes)], close: ")")
        default:
            return nil
        }
        needsFoundation = true
        return .text(text)
    }

    /// `.case`, `.case(value)` or `.case(label: value, value)`, after the type's name when `qualified`.
    mutating func enumNode(_ value: Any, mirror: Mirror, qualified: Bool) -> LiteralNode {
        let prefix = qualified ? Self.typeName(mirror.subjectType) + "." : "."
        guard let payload = mirror.children.first, let name = payload.label else {
            // A case without associated values prints as its name, unless the type describes itself: then its raw
            // value, if it has one, rebuilds it.
            let describesItself =
                value is CustomStringConvertible || value is CustomDebugStringConvertible
                || value is TextOutputStreamable
            if describesItself, let raw = (value as? any RawRepresentable)?.rawValue {
                let rawNode = node(for: raw, qualified: false)
                return .group(
                    open: Self.typeName(mirror.subjectType) + "(", elements: [.init(key: .label("rawValue"), rawNode)],
                    close: ")!")
            }
            return .text(prefix + String(describing: value))
        }
        let values = Mirror(reflecting: payload.value)
        let elements =
            values.displayStyle == .tuple
            ? labelledElements(values) : [LiteralNode.Element(node(for: payload.value, qualified: false))]
        return .group(open: prefix + name + "(", elements: elements, close: ")")
    }

    /// The children of a struct, a class or a tuple, labelled as in a call (a tuple's `.0` is unlabelled).
    mutating func labelledElements(_ mirror: Mirror) -> [LiteralNode.Element] {
        mirror.children.map { child in
            let value = node(for: child.value, qualified: false)
            guard let label = child.label, !label.hasPrefix(".") else { return .init(value) }
            return .init(key: .label(label), value)
        }
    }

    /// `value` as `customDump` prints it, without the index label that it writes before each array element
    /// (`[0]: "Swift"`), which Swift would read as a dictionary literal.
    static func customDumpNode(_ value: Any) -> LiteralNode {
        var text = ""
        customDump(value, to: &text)
        return .text(
            text.split(separator: "\n", omittingEmptySubsequences: false).map(withoutIndexLabel).joined(separator: "\n")
        )
    }

    /// `line` without a leading `[<digits>]: ` after its indentation, the label of an array element.
    static func withoutIndexLabel(_ line: Substring) -> String {
        let indentation = line.prefix { $0 == " " }
        let rest = line.dropFirst(indentation.count)
        guard rest.first == "[", let close = rest.firstIndex(of: "]"),
            close > rest.index(after: rest.startIndex),
            rest[rest.index(after: rest.startIndex)..<close].allSatisfy(\.isWholeNumber),
            rest[rest.index(after: close)...].hasPrefix(": ")
        else { return String(line) }
        return String(indentation) + rest[rest.index(close, offsetBy: 3)...]
    }

    /// The name that code importing the type's module writes: `AppState.Settings` for `App.AppState.Settings`,
    /// `Box<Int>` for `App.Box<Swift.Int>`.
    static func typeName(_ type: Any.Type) -> String {
        let reflected = String(reflecting: type)
        var name = ""
        var index = reflected.startIndex
        while index < reflected.endIndex {
            // A private or local type's context, which no code outside it can name.
            if reflected[index...].hasPrefix("(unknown context at "),
                let end = reflected[index...].firstIndex(of: ")")
            {
                index = reflected.index(after: end)
                if index < reflected.endIndex, reflected[index] == "." { index = reflected.index(after: index) }
                continue
            }
            let character = reflected[index]
            let startsName = character.isLetter || character == "_"
            let afterDot = name.last == "."
            guard startsName, !afterDot else {
                name.append(character)
                index = reflected.index(after: index)
                continue
            }
            // A qualified name: its first component is the module, which is dropped when more follow.
            let end =
                reflected[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
                ?? reflected.endIndex
            var components = reflected[index..<end].split(separator: ".", omittingEmptySubsequences: false)
            if components.count > 1 { components.removeFirst() }
            name += components.joined(separator: ".")
            index = end
        }
        return name
    }
}

/// A value as Swift, before it is laid out on lines: a text, or a group of elements between an opening and a
/// closing text (a call, a tuple, an array or a dictionary). The app makes it from a value; the desktop lays it out.
package struct LiteralNode: Sendable {
    /// The whole value on one line, or the text of a value that is not a group.
    package let text: String
    /// Whether `text` has no line break.
    package let isSingleLine: Bool
    /// What comes before the elements: `AppState(`, `.search(`, `[`.
    package let open: String
    /// The elements of a group, `nil` for a text.
    package let elements: [Element]?
    /// What comes after the elements.
    package let close: String
    /// A struct written with its memberwise initializer.
    package var isMemberwise = false

    /// One element of a group: a value, after a label or a dictionary key when it has one.
    package struct Element: Sendable, Codable {
        package enum Key: Sendable, Codable {
            case none
            case label(String)
            case value(LiteralNode)
        }

        package let key: Key
        package let value: LiteralNode

        package init(key: Key = .none, _ value: LiteralNode) {
            self.key = key
            self.value = value
        }

        /// The element as it reads on one line, for sorting a dictionary's entries by their keys.
        var sortKey: String {
            switch key {
            case .none: value.text
            case .label(let label): label + ": " + value.text
            case .value(let key): key.text + ": " + value.text
            }
        }
    }

    package static func text(_ text: String) -> LiteralNode {
        LiteralNode(text: text, isSingleLine: !text.contains("\n"), open: "", elements: nil, close: "")
    }

    package static func group(open: String, elements: [Element], close: String) -> LiteralNode {
        let text = open + elements.map(\.sortKey).joined(separator: ", ") + close
        let isSingleLine = elements.allSatisfy { element in
            if case .value(let key) = element.key, !key.isSingleLine { return false }
            return element.value.isSingleLine
        }
        return LiteralNode(text: text, isSingleLine: isSingleLine, open: open, elements: elements, close: close)
    }

    /// The stored properties of a struct written with its memberwise initializer, each as Swift; `nil` for other
    /// values. The exported test compares them to assign only the properties that changed.
    var properties: [InspectorLink.TestRecording.Property]? {
        guard isMemberwise, let elements else { return nil }
        return elements.compactMap { element in
            guard case .label(let label) = element.key else { return nil }
            return InspectorLink.TestRecording.Property(label: label, value: element.value)
        }
    }
}

extension LiteralNode: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, open, elements, close
    }

    /// A text is sent as its text, a group as its parts: a group's one-line text is made again from them. Whether a
    /// struct is memberwise is not sent: the app has made its assertions with it.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let elements = try container.decodeIfPresent([Element].self, forKey: .elements) {
            self = .group(
                open: try container.decode(String.self, forKey: .open), elements: elements,
                close: try container.decode(String.self, forKey: .close))
        } else {
            self = .text(try container.decode(String.self, forKey: .text))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let elements {
            try container.encode(open, forKey: .open)
            try container.encode(elements, forKey: .elements)
            try container.encode(close, forKey: .close)
        } else {
            try container.encode(text, forKey: .text)
        }
    }
}

/// An optional of any wrapped type, seen through `Any`.
protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.map { $0 } }
}
