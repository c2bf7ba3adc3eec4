import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckuseridentity
/// "You don't create instances of this class": the stand-in's tests do, through the package initializer.
open class CKUserIdentity: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/userrecordid
    public let userRecordID: CKRecord.ID?
    /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo-swift.property
    public let lookupInfo: CKUserIdentity.LookupInfo?
    /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/namecomponents
    public let nameComponents: PersonNameComponents?
    /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/hasicloudaccount
    public let hasiCloudAccount: Bool

    /// Not Apple API: an identity as the server describes it, for the stand-in's tests.
    package init(
        userRecordID: CKRecord.ID?, lookupInfo: CKUserIdentity.LookupInfo?, nameComponents: PersonNameComponents?,
        hasiCloudAccount: Bool = true
    ) {
        self.userRecordID = userRecordID
        self.lookupInfo = lookupInfo
        self.nameComponents = nameComponents
        self.hasiCloudAccount = hasiCloudAccount
    }

    /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo-swift.class
    open class LookupInfo: NSObject, @unchecked Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo-swift.class/emailaddress
        public let emailAddress: String?
        /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo-swift.class/phonenumber
        public let phoneNumber: String?
        /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo-swift.class/userrecordid
        public let userRecordID: CKRecord.ID?

        /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo-swift.class/init(emailaddress:)
        public init(emailAddress: String) {
            self.emailAddress = emailAddress
            self.phoneNumber = nil
            self.userRecordID = nil
        }

        /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo-swift.class/init(phonenumber:)
        public init(phoneNumber: String) {
            self.emailAddress = nil
            self.phoneNumber = phoneNumber
            self.userRecordID = nil
        }

        /// https://developer.apple.com/documentation/cloudkit/ckuseridentity/lookupinfo-swift.class/init(userrecordid:)
        public init(userRecordID: CKRecord.ID) {
            self.emailAddress = nil
            self.phoneNumber = nil
            self.userRecordID = userRecordID
        }
    }
}
