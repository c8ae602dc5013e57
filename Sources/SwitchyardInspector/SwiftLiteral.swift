import CustomDump
import Foundation

/// Writes values as Swift expressions that rebuild them, for the exported test: literals for strings, numbers,
/// arrays, sets and dictionaries, `nil` and the wrapped value for optionals, `.case(…)` for enums, memberwise
/// initializer calls for structs, and a few Foundation types by their initializers. What it cannot write as Swift it
/// writes as `customDump` prints it.
///
/// A value is written on one line when it fits in ``width`` columns; otherwise each element goes on a line of its
/// own, indented by four spaces.
struct SwiftLiteralWriter {
    /// The widest line that a value is kept on, its indentation included.
    var width = 100
    /// Whether a value written so far needs Foundation (a `Date`, `UUID`, `URL`, `Data` or `Decimal`).
    private(set) var needsFoundation = false

    /// `value` as Swift, starting at `column` on a line indented by `indent` spaces: the lines after the first are
    /// indented from `indent`. With `qualified`, an enum case is written with its type (`AppAction.search(…)`),
    /// which a call whose parameter is generic needs; elsewhere the type is inferred (`.search(…)`).
    mutating func write(_ value: Any, column: Int, indent: Int, qualified: Bool = false) -> String {
        Self.layout(node(for: value, qualified: qualified), column: column, indent: indent, width: width)
    }

    /// The stored properties of a struct, each as Swift, or `nil` when `value` is not a struct written with its
    /// memberwise initializer. The exported test compares them to assign only the properties that changed.
    mutating func properties(of value: Any) -> [(label: String, node: LiteralNode)]? {
        let node = node(for: value, qualified: false)
        guard node.isMemberwise, let elements = node.elements else { return nil }
        return elements.compactMap { element in
            guard case .label(let label) = element.key else { return nil }
            return (label, element.value)
        }
    }

    /// Lays `node` out from `column` on a line indented by `indent` spaces.
    static func layout(_ node: LiteralNode, column: Int, indent: Int, width: Int = 100) -> String {
        if node.isSingleLine, node.text.utf8.count <= 4 * width, column + node.text.count <= width { return node.text }
        guard let elements = node.elements, !elements.isEmpty else {
            // A text that spans lines (`customDump`'s): its lines after the first follow the indentation.
            let padding = String(repeating: " ", count: indent)
            return node.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset == 0 ? String($0.element) : padding + $0.element }
                .joined(separator: "\n")
        }
        let inner = indent + 4
        let padding = String(repeating: " ", count: inner)
        var text = node.open + "\n"
        for (offset, element) in elements.enumerated() {
            var prefix = ""
            switch element.key {
            case .none: break
            case .label(let label): prefix = label + ": "
            case .value(let key): prefix = layout(key, column: inner, indent: inner, width: width) + ": "
            }
            // The value starts after the prefix's last line.
            let lastLine = prefix.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
            let column = (prefix.contains("\n") ? 0 : inner) + lastLine.count
            text += padding + prefix + layout(element.value, column: column, indent: inner, width: width)
            text += offset == elements.count - 1 ? "\n" : ",\n"
        }
        return text + String(repeating: " ", count: indent) + node.close
    }

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
/// closing text (a call, a tuple, an array or a dictionary).
struct LiteralNode {
    /// The whole value on one line, or the text of a value that is not a group.
    let text: String
    /// Whether `text` has no line break.
    let isSingleLine: Bool
    /// What comes before the elements: `AppState(`, `.search(`, `[`.
    let open: String
    /// The elements of a group, `nil` for a text.
    let elements: [Element]?
    /// What comes after the elements.
    let close: String
    /// A struct written with its memberwise initializer.
    var isMemberwise = false

    /// One element of a group: a value, after a label or a dictionary key when it has one.
    struct Element {
        enum Key {
            case none
            case label(String)
            case value(LiteralNode)
        }

        let key: Key
        let value: LiteralNode

        init(key: Key = .none, _ value: LiteralNode) {
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

    static func text(_ text: String) -> LiteralNode {
        LiteralNode(text: text, isSingleLine: !text.contains("\n"), open: "", elements: nil, close: "")
    }

    static func group(open: String, elements: [Element], close: String) -> LiteralNode {
        let text = open + elements.map(\.sortKey).joined(separator: ", ") + close
        let isSingleLine = elements.allSatisfy { element in
            if case .value(let key) = element.key, !key.isSingleLine { return false }
            return element.value.isSingleLine
        }
        return LiteralNode(text: text, isSingleLine: isSingleLine, open: open, elements: elements, close: close)
    }
}

/// An optional of any wrapped type, seen through `Any`.
protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.map { $0 } }
}
