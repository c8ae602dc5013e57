// The case of an enum value and the case's name, read from the type's metadata as Swift's stable ABI lays it out (the
// layout that `Mirror` and the runtime read too), without calling any of the runtime's private entry points.
//
// Unsafe code of this file, and the invariants it relies on:
// - A type's metadata pointer is the value of `T.self as Any.Type`. Its first word is its kind (`0x201` an enum,
//   `0x202` `Optional`), the word before it points to the type's value witness table, and for an enum the word after
//   it points to the enum's descriptor. These are fixed by Swift's ABI (TypeMetadata), stable on Apple platforms.
// - An enum's value witness table starts with 8 function pointers and `size`, `stride`, `flags` (32 bits) and
//   `extraInhabitantCount` (32 bits); `getEnumTag(value, metadata)` follows. It takes two pointers and returns a
//   32-bit tag, the same registers under the C and the Swift calling conventions on x86_64 and arm64. On arm64e
//   (pointer authentication) the pointer is signed: there, nothing here reads it and the callers fall back.
// - The tag numbers the cases with a payload first, in declaration order, then the cases without one.
// - An enum descriptor holds, at byte 16, a relative pointer to its field descriptor, at byte 20 the number of payload
//   cases (low 24 bits) and at byte 24 the number of cases without payload. A field descriptor holds its record size at
//   byte 10, its record count at byte 12 and its records from byte 16; a record holds a relative pointer to the case's
//   payload type at byte 4 (0 when it has none) and one to its name, a C string, at byte 8.
// - Anything that does not add up (no descriptor, a count that differs) gives `nil`, and the callers name the value
//   with `Mirror`.
//
// Why not `Mirror` alone: it cannot tell a value's case without resolving its payload's type from its mangled name
// (12–24k instructions a call, and it allocates), and it has no name for a case without payload of an enum that
// describes itself. Reading the tag costs a few dozen instructions (callgrind, Swift 6.3.1, x86_64).

/// The case of an enum value, and the names of an enum's cases, from the type's metadata.
@usableFromInline
package enum EnumCase {
    /// The ABI's `getEnumTag` value witness.
    @usableFromInline
    typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

    /// The metadata of `type`.
    @inlinable @inline(__always)
    static func metadata(of type: Any.Type) -> UnsafeRawPointer {
        unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    /// Whether `Value` is an enum (`Optional` included) whose tag this file reads.
    @inlinable @inline(__always)
    package static func isReadable<Value>(_: Value.Type) -> Bool {
        #if _ptrauth(_arm64e)
            return false
        #else
            let kind = metadata(of: Value.self).load(as: UInt.self)
            return kind == 0x201 || kind == 0x202
        #endif
    }

    /// The tag of `value`, whose type must be one that `isReadable(_:)` accepts: the cases with a payload are numbered
    /// first, in declaration order, then the cases without one.
    @inlinable @inline(__always)
    package static func tag<Value>(of value: Value) -> UInt32 {
        let metadata = metadata(of: Value.self)
        let witnesses = metadata.load(
            fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
        let getEnumTag = witnesses.load(
            fromByteOffset: 10 * MemoryLayout<UnsafeRawPointer>.size + 8, as: GetEnumTag.self)
        return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
    }

    /// The name of the case numbered `tag` of the enum `type`, as declared; `nil` when the metadata does not have it.
    package static func name(ofTag tag: UInt32, in type: Any.Type) -> String? {
        let metadata = metadata(of: type)
        guard
            let descriptor = metadata.load(
                fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer?.self),
            let fields = target(of: descriptor, at: 16)
        else { return nil }
        let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
        let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        guard count == payloadCases + emptyCases, Int(tag) < count, recordSize >= 12 else { return nil }
        var nextWithPayload = 0
        var nextWithout = payloadCases
        for index in 0..<count {
            let record = fields + 16 + index * recordSize
            let recordTag: Int
            if record.load(fromByteOffset: 4, as: Int32.self) != 0 {
                recordTag = nextWithPayload
                nextWithPayload += 1
            } else {
                recordTag = nextWithout
                nextWithout += 1
            }
            if recordTag == Int(tag) {
                return target(of: record, at: 8).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
            }
        }
        return nil
    }

    /// Where the 32-bit relative pointer at `offset` from `base` points; `nil` for a null one.
    private static func target(of base: UnsafeRawPointer, at offset: Int) -> UnsafeRawPointer? {
        let relative = base.load(fromByteOffset: offset, as: Int32.self)
        return relative == 0 ? nil : base + offset + Int(relative)
    }
}
