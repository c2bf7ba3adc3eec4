/// A fault the simulator injects into the delivery of one push, as APNs and CloudKit may treat it: "individual
/// notifications may be dropped, or several coalesced into one".
/// https://developer.apple.com/documentation/cloudkit/ckrecordzonenotification
public enum PushFault: Sendable, Hashable {
    /// The push never arrives.
    case drop
    /// The push is held back until ``CloudKitSimulator/releaseHeldPushes()``.
    case delay
    /// The push is merged into one the device has not taken yet from the same subscription, if any.
    case coalesce
    /// The push arrives twice, with the same notification ID.
    case duplicate
    /// The push arrives before the change is visible: a fetch of the zone's changes does not show it (nor any
    /// later change of the zone) until ``CloudKitSimulator/releaseHiddenChanges()``, as a replica lagging behind.
    case beforeVisible
}
