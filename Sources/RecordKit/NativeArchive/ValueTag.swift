/// The byte before each field value, naming its kind. A list's tag is `listFlag | element tag`.
enum ValueTag {
    static let string: UInt8 = 0x01
    static let int64: UInt8 = 0x02
    static let double: UInt8 = 0x03
    static let timestamp: UInt8 = 0x04
    static let bytes: UInt8 = 0x05
    static let asset: UInt8 = 0x06
    static let reference: UInt8 = 0x07
    static let location: UInt8 = 0x08
    static let listFlag: UInt8 = 0x40

    /// The fewest bytes an element of each tag takes, to bound a list's count before allocating.
    static func minimumSize(_ tag: UInt8) -> Int {
        switch tag {
        case double, timestamp: 8
        case reference: 4
        case location: 17
        case asset: 2
        default: 1
        }
    }
}

/// Bits of the presence byte before the optional members of ``SystemFields``.
enum SystemFieldBit {
    static let changeTag: UInt8 = 1 << 0
    static let creationDate: UInt8 = 1 << 1
    static let creatorUserRecordName: UInt8 = 1 << 2
    static let modificationDate: UInt8 = 1 << 3
    static let lastModifiedUserRecordName: UInt8 = 1 << 4
    static let modifiedByDevice: UInt8 = 1 << 5
    static let parent: UInt8 = 1 << 6
    static let share: UInt8 = 1 << 7
}

/// Bits of the presence byte before the optional members of an ``Asset``.
enum AssetBit {
    static let fileURL: UInt8 = 1 << 0
    static let fileChecksum: UInt8 = 1 << 1
    static let size: UInt8 = 1 << 2
    static let referenceChecksum: UInt8 = 1 << 3
    static let wrappingKey: UInt8 = 1 << 4
    static let receipt: UInt8 = 1 << 5
    static let downloadURL: UInt8 = 1 << 6
    static let all: UInt8 = 0x7F
}

/// Bits of the presence byte before the optional members of a ``Location``.
enum LocationBit {
    static let altitude: UInt8 = 1 << 0
    static let horizontalAccuracy: UInt8 = 1 << 1
    static let verticalAccuracy: UInt8 = 1 << 2
    static let speed: UInt8 = 1 << 3
    static let course: UInt8 = 1 << 4
    static let timestamp: UInt8 = 1 << 5
    static let all: UInt8 = 0x3F
}

/// The byte of each ``Reference/Action``.
enum ReferenceActionCode {
    static func code(_ action: Reference.Action) -> UInt8 {
        switch action {
        case .none: 0
        case .deleteSelf: 1
        case .validate: 2
        }
    }

    static func action(_ code: UInt8) -> Reference.Action? {
        switch code {
        case 0: Reference.Action.none
        case 1: .deleteSelf
        case 2: .validate
        default: nil
        }
    }
}
