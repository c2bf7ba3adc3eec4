#if canImport(CloudKit)
import CoreLocation
import Foundation
import RecordKit

extension CLLocation {
    /// A `CLLocation` with every component of a ``RecordKit/Location``.
    ///
    /// CoreLocation marks an absent measurement with a negative value: a missing accuracy, speed or course is -1,
    /// and a missing altitude is 0 with a vertical accuracy of -1. A location has no missing timestamp in
    /// CoreLocation: an absent one is written as `Date.distantPast`, which reads back as absent.
    public convenience init(_ location: Location) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: location.latitude, longitude: location.longitude),
            altitude: location.altitude ?? 0,
            horizontalAccuracy: location.horizontalAccuracy ?? -1,
            verticalAccuracy: location.verticalAccuracy ?? -1,
            course: location.course ?? -1,
            speed: location.speed ?? -1,
            timestamp: location.timestamp ?? Date.distantPast
        )
    }
}

extension Location {
    /// A location with every component of a `CLLocation`. Negative accuracies, speed and course are absent;
    /// the altitude is absent when the vertical accuracy is negative and the altitude 0 (as the keyed-archive
    /// reader reads an archived `CLLocation`); a timestamp of `Date.distantPast` is absent.
    public init(_ location: CLLocation) throws(RecordValueError) {
        let valid: (Double) -> Double? = { $0 >= 0 ? $0 : nil }
        let verticalAccuracy = valid(location.verticalAccuracy)
        let altitude: Double? = verticalAccuracy != nil || location.altitude != 0 ? location.altitude : nil
        let timestamp: Date? = location.timestamp == Date.distantPast ? nil : location.timestamp
        try self.init(
            latitude: location.coordinate.latitude,
            longitude: location.coordinate.longitude,
            altitude: altitude,
            horizontalAccuracy: valid(location.horizontalAccuracy),
            verticalAccuracy: verticalAccuracy,
            speed: valid(location.speed),
            course: valid(location.course),
            timestamp: timestamp
        )
    }
}
#endif
