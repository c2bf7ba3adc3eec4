import Foundation

/// A geographic location, as CloudKit stores a `CLLocation`.
///
/// Coordinates must be finite and in range; the optional measurements, when present, must be finite.
/// Absent measurements stay absent through every codec.
public struct Location: Sendable {
    /// Degrees north of the equator, -90...90.
    public private(set) var latitude: Double
    /// Degrees east of Greenwich, -180...180.
    public private(set) var longitude: Double
    /// Metres above sea level.
    public private(set) var altitude: Double?
    /// The radius of uncertainty of the coordinate, in metres.
    public private(set) var horizontalAccuracy: Double?
    /// The uncertainty of the altitude, in metres.
    public private(set) var verticalAccuracy: Double?
    /// Metres per second.
    public private(set) var speed: Double?
    /// Degrees clockwise from true north.
    public private(set) var course: Double?
    /// When the location was measured.
    public var timestamp: Date?

    /// Creates a location, rejecting non-finite or out-of-range values.
    public init(
        latitude: Double,
        longitude: Double,
        altitude: Double? = nil,
        horizontalAccuracy: Double? = nil,
        verticalAccuracy: Double? = nil,
        speed: Double? = nil,
        course: Double? = nil,
        timestamp: Date? = nil
    ) throws(RecordValueError) {
        guard latitude.isFinite else { throw .nonFiniteLocation(component: "latitude", value: latitude) }
        guard longitude.isFinite else { throw .nonFiniteLocation(component: "longitude", value: longitude) }
        guard (-90.0...90.0).contains(latitude) else { throw .coordinateOutOfRange(component: "latitude", value: latitude) }
        guard (-180.0...180.0).contains(longitude) else { throw .coordinateOutOfRange(component: "longitude", value: longitude) }
        let measurements: [(String, Double?)] = [
            ("altitude", altitude), ("horizontalAccuracy", horizontalAccuracy),
            ("verticalAccuracy", verticalAccuracy), ("speed", speed), ("course", course),
        ]
        for (name, value) in measurements {
            if let value, !value.isFinite { throw .nonFiniteLocation(component: name, value: value) }
        }
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
    }
}

extension Location: Hashable {
    /// Measurements are finite by construction; the timestamp compares by bit pattern (see ``FieldValue``).
    public static func == (lhs: Location, rhs: Location) -> Bool {
        lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude && lhs.altitude == rhs.altitude
            && lhs.horizontalAccuracy == rhs.horizontalAccuracy && lhs.verticalAccuracy == rhs.verticalAccuracy
            && lhs.speed == rhs.speed && lhs.course == rhs.course && sameDate(lhs.timestamp, rhs.timestamp)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(latitude)
        hasher.combine(longitude)
        hasher.combine(altitude)
        hasher.combine(horizontalAccuracy)
        hasher.combine(verticalAccuracy)
        hasher.combine(speed)
        hasher.combine(course)
        hashDate(timestamp, into: &hasher)
    }
}
