import Dispatch

/// Tells whether the caller runs on the main thread, without Foundation.
///
/// libdispatch binds the main thread to the main queue when it starts, so a value stored as a specific of the main
/// queue is visible exactly on the main thread.
/// The package's other modules (the inspector, the test tools) ask it too.
@usableFromInline
package enum MainThread {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    @usableFromInline
    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == 1
    }
}
