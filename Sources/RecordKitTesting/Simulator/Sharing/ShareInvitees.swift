import RecordKit

/// The email address and phone number a simulated user can be invited by.
struct UserContact: Sendable, Hashable {
    var emailAddress: String?
    var phoneNumber: String?
}

/// Who a share's participant is: an owner invites people by user record name, email address or phone number
/// (`CKUserIdentity.LookupInfo`), and the server matches an invitation by email or phone to the user who has that
/// address or number when they open the share. https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo
/// https://developer.apple.com/documentation/cloudkit/ckshare/participant
extension SharingState {
    /// Whether `identity` names the user `user`: by user record name, or, when it has none, by an email address or
    /// phone number the user has.
    func identity(_ identity: ShareUserIdentity, isUser user: String) -> Bool {
        if let name = identity.userRecordName { return name == user }
        guard let contact = contacts[user] else { return false }
        if let email = identity.emailAddress, let known = contact.emailAddress, Self.sameEmail(email, known) { return true }
        if let phone = identity.phoneNumber, let known = contact.phoneNumber, Self.samePhone(phone, known) { return true }
        return false
    }

    /// The participant of `share` that names `user`, if any.
    func participant(of share: RecordShare, namingUser user: String) -> ShareParticipant? {
        share.participants.first { identity($0.identity, isUser: user) }
    }

    /// Whether two identities name the same invitee: the same user record name, email address or phone number.
    static func sameInvitee(_ lhs: ShareUserIdentity, _ rhs: ShareUserIdentity) -> Bool {
        if let left = lhs.userRecordName, let right = rhs.userRecordName { return left == right }
        if let left = lhs.emailAddress, let right = rhs.emailAddress, sameEmail(left, right) { return true }
        if let left = lhs.phoneNumber, let right = rhs.phoneNumber, samePhone(left, right) { return true }
        return false
    }

    /// Email addresses compare without regard to case.
    private static func sameEmail(_ lhs: String, _ rhs: String) -> Bool {
        lhs.lowercased() == rhs.lowercased()
    }

    /// Phone numbers compare by their digits (and a leading plus), so "+1 555-0100" is "+15550100".
    private static func samePhone(_ lhs: String, _ rhs: String) -> Bool {
        let digits = { (number: String) in String(number.filter { $0.isNumber || $0 == "+" }) }
        return digits(lhs) == digits(rhs)
    }
}
