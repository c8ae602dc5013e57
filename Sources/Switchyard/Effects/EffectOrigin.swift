/// Where an effect was created and under which id: what failure messages and tests print about it.
package struct EffectOrigin: Sendable, CustomStringConvertible {
    /// The id the effect was started with, if any.
    package let id: EffectID?
    /// The `#fileID` of the code that created the effect.
    package let fileID: String
    /// The line of the code that created the effect.
    package let line: UInt

    /// Creates an origin.
    package init(id: EffectID?, fileID: String, line: UInt) {
        self.id = id
        self.fileID = fileID
        self.line = line
    }

    /// `effect created at Module/File.swift:12 (id: search)`.
    package var description: String {
        "effect created at \(fileID):\(line)" + (id.map { " (id: \($0))" } ?? "")
    }
}
