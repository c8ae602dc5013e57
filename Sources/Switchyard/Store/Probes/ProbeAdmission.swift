/// What a tool attached to a store (a ``StoreProbe``) decides for an action before the pipeline sees it.
public enum ProbeAdmission: Sendable {
    /// The action goes through the pipeline.
    case process
    /// The tool keeps the action, as a ``HeldAction``, to give it back later with
    /// ``OutOfBandChange/processFirst(_:)``: no middleware, reducer or observer sees it now, and no later tool is
    /// asked about it.
    case hold
}
