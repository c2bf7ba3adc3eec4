/// How a subscription's pushes look
/// (https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo).
///
/// Only `shouldSendContentAvailable` set makes a silent push, delivered to the app in the background at medium
/// priority; setting anything a person sees makes it a visible, high-priority push.
public struct SubscriptionNotificationInfo: Sendable, Hashable {
    /// Whether the push wakes the app in the background.
    public var shouldSendContentAvailable: Bool
    /// The alert's title.
    public var title: String?
    /// The alert's subtitle.
    public var subtitle: String?
    /// The alert's text.
    public var alertBody: String?
    /// The name of the sound to play.
    public var soundName: String?
    /// Whether the push sets the app's badge.
    public var shouldBadge: Bool
    /// The notification category, for actions.
    public var category: String?
    /// Fields of the changed record to carry in the payload (query subscriptions); CloudKit prunes them first when
    /// the payload is too big.
    public var desiredKeys: [String]

    /// A notification info.
    public init(
        shouldSendContentAvailable: Bool = true, title: String? = nil, subtitle: String? = nil,
        alertBody: String? = nil, soundName: String? = nil, shouldBadge: Bool = false, category: String? = nil,
        desiredKeys: [String] = []
    ) {
        self.shouldSendContentAvailable = shouldSendContentAvailable
        self.title = title
        self.subtitle = subtitle
        self.alertBody = alertBody
        self.soundName = soundName
        self.shouldBadge = shouldBadge
        self.category = category
        self.desiredKeys = desiredKeys
    }

    /// A silent push: it wakes the app and shows nothing.
    public static let silent = SubscriptionNotificationInfo()

    /// Whether the push shows nothing to a person.
    public var isSilent: Bool {
        title == nil && subtitle == nil && alertBody == nil && soundName == nil && !shouldBadge && category == nil
    }
}
