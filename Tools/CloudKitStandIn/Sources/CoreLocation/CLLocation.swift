// Stand-in for the parts of Apple's CoreLocation that RecordKitCloudKit uses. Test-only: see Package.swift.
import Foundation

/// https://developer.apple.com/documentation/corelocation/cllocationdegrees
public typealias CLLocationDegrees = Double
/// https://developer.apple.com/documentation/corelocation/cllocationdistance
public typealias CLLocationDistance = Double
/// https://developer.apple.com/documentation/corelocation/cllocationaccuracy
public typealias CLLocationAccuracy = Double
/// https://developer.apple.com/documentation/corelocation/cllocationdirection
public typealias CLLocationDirection = Double
/// https://developer.apple.com/documentation/corelocation/cllocationspeed
public typealias CLLocationSpeed = Double

/// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d
public struct CLLocationCoordinate2D: Sendable {
    /// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/latitude
    public var latitude: CLLocationDegrees
    /// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/longitude
    public var longitude: CLLocationDegrees

    /// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/init(latitude:longitude:)
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// https://developer.apple.com/documentation/corelocation/cllocation
open class CLLocation: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/corelocation/cllocation/coordinate
    public let coordinate: CLLocationCoordinate2D
    /// https://developer.apple.com/documentation/corelocation/cllocation/altitude
    public let altitude: CLLocationDistance
    /// https://developer.apple.com/documentation/corelocation/cllocation/horizontalaccuracy
    public let horizontalAccuracy: CLLocationAccuracy
    /// https://developer.apple.com/documentation/corelocation/cllocation/verticalaccuracy
    public let verticalAccuracy: CLLocationAccuracy
    /// https://developer.apple.com/documentation/corelocation/cllocation/course
    public let course: CLLocationDirection
    /// https://developer.apple.com/documentation/corelocation/cllocation/speed
    public let speed: CLLocationSpeed
    /// https://developer.apple.com/documentation/corelocation/cllocation/timestamp
    public let timestamp: Date

    /// https://developer.apple.com/documentation/corelocation/cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:speed:timestamp:)
    public init(
        coordinate: CLLocationCoordinate2D,
        altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy,
        course: CLLocationDirection,
        speed: CLLocationSpeed,
        timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = hAccuracy
        self.verticalAccuracy = vAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
    }
}
