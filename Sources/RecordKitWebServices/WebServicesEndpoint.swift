import Foundation
import RecordKit

/// A container's environment: `development` is not reachable by apps from the store, `production` is.
public enum CloudKitEnvironment: String, Sendable, Hashable, CaseIterable {
    case development
    case production
}

/// Where one database of one container lives: the service, the container, the environment and the database.
///
/// Every request goes to `<service>/database/1/<container>/<environment>/<database>/<operation>`:
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/SettingUpWebServices.html
public struct WebServicesEndpoint: Sendable, Hashable {
    /// CloudKit's own service, `https://api.apple-cloudkit.com`.
    public static let apple: URL = {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "api.apple-cloudkit.com"
        // A scheme and a host always make a URL; the fallback only satisfies the optional.
        return components.url ?? URL(fileURLWithPath: "/")
    }()

    /// The service, scheme and host (and port), without a path: CloudKit's, or a local CloudKit's.
    public var service: URL
    /// The container ID, `iCloud.` then the app's.
    public var container: String
    /// The environment.
    public var environment: CloudKitEnvironment
    /// The database.
    public var database: DatabaseScope

    /// An endpoint; `service` defaults to CloudKit's, ``apple``.
    public init(service: URL = WebServicesEndpoint.apple, container: String, environment: CloudKitEnvironment, database: DatabaseScope) {
        self.service = service
        self.container = container
        self.environment = environment
        self.database = database
    }

    /// The path of an operation, `/database/1/<container>/<environment>/<database>/<operation>`: what a
    /// server-to-server key signs.
    public func subpath(_ operation: String) -> String {
        "/database/1/\(container)/\(environment.rawValue)/\(database.rawValue)/\(operation)"
    }
}
