/// A hook of the probes that the pipeline calls per action (`didReduce`, `didRunEffects`), held by a class of its
/// own that the snapshot of registrations keeps: the pipeline calls it through an unretained reference, with no
/// reference counted. Called from an array of closures, each call retained and released the closure's context:
/// about 55 instructions per hook and action more (measured with callgrind, W1 with one `didReduce` probe).
@usableFromInline
final class ProbeHook<Argument>: Sendable {
    @usableFromInline let call: @Sendable (Argument) -> Void

    @usableFromInline
    init(_ call: @escaping @Sendable (Argument) -> Void) {
        self.call = call
    }
}
