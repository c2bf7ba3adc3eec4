import Foundation

/// Value identity for dates: equal when their bits are equal, so a NaN date equals itself and a decoded record
/// always equals its re-decoded copy. ``FieldValue``, ``SystemFields`` and ``Location`` compare dates this way.
func sameDate(_ lhs: Date?, _ rhs: Date?) -> Bool {
    lhs?.timeIntervalSinceReferenceDate.bitPattern == rhs?.timeIntervalSinceReferenceDate.bitPattern
}

/// Hashes a date consistently with ``sameDate(_:_:)``.
func hashDate(_ date: Date?, into hasher: inout Hasher) {
    hasher.combine(date?.timeIntervalSinceReferenceDate.bitPattern)
}
