import Crypto
import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync
import RecordKitWebServices
import Testing

/// The local CloudKit checks credentials as CloudKit does and refuses with CloudKit's codes and statuses.
@Suite struct EmulatorAuthenticationTests {
    let key = ServerToServerKey(keyID: "server-key-1", privateKey: Emulator.signingKey)

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aSignedRequestReachesThePublicDatabase() async throws {
        try await Emulator.withServer { server async throws in
            let database = Emulator.database(server, scope: .public, credentials: .serverToServer(key))
            #expect(try await database.listZones().map(\.id) == [.default])
            #expect(try await database.currentUserRecordName() == "_server_server-key-1")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func anUnknownKeyAWrongKeyAndASkewedClockAreRefused() async throws {
        try await Emulator.withServer { server async throws in
            let strangers: [(WebServicesCredentials, @Sendable () -> Date)] = [
                (.serverToServer(ServerToServerKey(keyID: "unknown", privateKey: Emulator.signingKey)), { Date() }),
                (.serverToServer(ServerToServerKey(keyID: "server-key-1", privateKey: P256.Signing.PrivateKey())), { Date() }),
                (.serverToServer(key), { Date().addingTimeInterval(3_600) }),
            ]
            for (credentials, now) in strangers {
                let database = Emulator.database(server, scope: .public, credentials: credentials, now: now)
                await #expect {
                    _ = try await database.listZones()
                } throws: { error in
                    guard case let .other(code, reason) = error as? CloudError else { return false }
                    return code == WebServicesErrorMapping.CKErrorCode.notAuthenticated && reason.hasPrefix("AUTHENTICATION_FAILED")
                }
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aTamperedBodyIsRefused() async throws {
        let cloudKit = LocalCloudKit(configuration: Emulator.configuration())
        let path = "/database/1/\(Emulator.container)/development/public/zones/list"
        let signed = Data("{}".utf8)
        let headers = try RequestSigning.headers(key: key, date: Date(), body: signed, subpath: path)
        let fields = Dictionary(uniqueKeysWithValues: headers.map { ($0.name, $0.value) })
        let good = await cloudKit.handle(LocalRequest(method: "POST", path: path, headers: fields, body: signed))
        #expect(good.status == 200)
        let tampered = await cloudKit.handle(LocalRequest(method: "POST", path: path, headers: fields, body: Data(#"{"x":1}"#.utf8)))
        #expect(tampered.status == 401)
        #expect(try WebServicesJSON.decodeErrorBody(tampered.body).serverErrorCode == .authenticationFailed)
        let otherPath = await cloudKit.handle(LocalRequest(
            method: "POST", path: path.replacingOccurrences(of: "development", with: "production"), headers: fields, body: signed))
        #expect(otherPath.status == 401)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func usersDatabasesNeedAUser() async throws {
        let cloudKit = LocalCloudKit(configuration: Emulator.configuration())
        let path = "/database/1/\(Emulator.container)/development/private/zones/list"
        let noCredentials = await cloudKit.handle(LocalRequest(method: "POST", path: path))
        #expect(noCredentials.status == 421)
        let anonymous = await cloudKit.handle(LocalRequest(method: "POST", path: path, query: ["ckAPIToken": Emulator.apiToken]))
        #expect(anonymous.status == 421)
        let body = try WebServicesJSON.decodeErrorBody(anonymous.body)
        #expect(body.serverErrorCode == .authenticationRequired && body.redirectURL != nil)
        let signed = try RequestSigning.headers(key: key, date: Date(), body: Data(), subpath: path)
        let server = await cloudKit.handle(LocalRequest(
            method: "POST", path: path, headers: Dictionary(uniqueKeysWithValues: signed.map { ($0.name, $0.value) })))
        #expect(server.status == 403)
        let wrongToken = await cloudKit.handle(LocalRequest(method: "POST", path: path, query: ["ckAPIToken": "guess"]))
        #expect(wrongToken.status == 401)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aWebAuthTokenRotatesAndTheOldOneEndsOnceTheNewOneIsUsed() async throws {
        let cloudKit = LocalCloudKit(configuration: Emulator.configuration())
        let path = "/database/1/\(Emulator.container)/development/private/users/current"
        func request(_ token: String) async -> LocalResponse {
            await cloudKit.handle(LocalRequest(method: "GET", path: path, query: ["ckAPIToken": Emulator.apiToken, "ckWebAuthToken": token]))
        }
        func next(_ response: LocalResponse) -> String? {
            if case let .reply(_, headers, _) = response { return headers[WebServicesCredentials.rotatedWebAuthTokenHeader] }
            return nil
        }
        let first = await request("web-phone")
        #expect(first.status == 200)
        let rotated = try #require(next(first))
        // A lost response must not lock the user out: the old token works until its successor is used.
        #expect(await request("web-phone").status == 200)
        #expect(await request(rotated).status == 200)
        #expect(await request("web-phone").status == 401)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func theClientKeepsTheRotatedTokenOverHTTP() async throws {
        try await Emulator.withServer { server async throws in
            let database = Emulator.database(
                server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-phone"))
            #expect(try await database.currentUserRecordName() == Emulator.user)
            let rotated = await database.currentWebAuthToken
            #expect(rotated != "web-phone")
            #expect(try await database.currentUserRecordName() == Emulator.user)
            #expect(await database.currentWebAuthToken != rotated)
        }
    }
}
