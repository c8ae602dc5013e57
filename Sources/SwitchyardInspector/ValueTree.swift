/// A value shown as a collapsible tree on the inspector's page, built with `Mirror`, so it works for any type.
struct ValueTree: Codable, Equatable, Sendable {
    /// The property name or collection index that leads to this value, if any.
    var label: String?
    /// The value's type, as Swift spells it.
    var type: String
    /// The value itself for a leaf (`"swift"`, `42`), a summary for a container (`2 elements`).
    var value: String?
    var children: [ValueTree]

    /// The deepest level shown; deeper values are summarized.
    static let maximumDepth = 12
    /// The most children shown for one container; the rest are summarized in its value.
    static let maximumChildren = 500

    init(of subject: Any, label: String? = nil, depth: Int = 0) {
        let mirror = Mirror(reflecting: subject)
        self.label = label
        self.type = String(describing: mirror.subjectType)
        let isLeaf = mirror.children.isEmpty || depth >= Self.maximumDepth
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first {
                self = ValueTree(of: wrapped.value, label: label, depth: depth)
            } else {
                self.value = "nil"
                self.children = []
            }
            return
        case .collection, .set, .dictionary:
            self.value = mirror.children.count == 1 ? "1 element" : "\(mirror.children.count) elements"
        case .enum where !isLeaf:
            // An enum case with associated values: its case name, then its payload.
            let description = String(describing: subject)
            self.value = String(description.prefix { $0 != "(" })
        default:
            self.value = isLeaf ? Self.leafDescription(subject) : nil
        }
        guard !isLeaf else {
            self.children = []
            return
        }
        var children: [ValueTree] = []
        for (index, child) in mirror.children.prefix(Self.maximumChildren).enumerated() {
            let childLabel: String
            switch mirror.displayStyle {
            case .collection, .set: childLabel = "[\(index)]"
            case .dictionary:
                // A dictionary's children are (key, value) pairs.
                let pair = Mirror(reflecting: child.value).children.map(\.value)
                if pair.count == 2 {
                    children.append(ValueTree(of: pair[1], label: Self.leafDescription(pair[0]), depth: depth + 1))
                    continue
                }
                childLabel = "[\(index)]"
            default: childLabel = child.label ?? "[\(index)]"
            }
            children.append(ValueTree(of: child.value, label: childLabel, depth: depth + 1))
        }
        self.children = children
    }

    static func leafDescription(_ value: Any) -> String {
        if let string = value as? String { return "\"\(string)\"" }
        if let character = value as? Character { return "\"\(character)\"" }
        return String(describing: value)
    }
}
