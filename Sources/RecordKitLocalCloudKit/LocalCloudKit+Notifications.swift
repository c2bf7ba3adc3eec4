import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

extension LocalCloudKit {
    /// tokens/create and tokens/register, at `/database/1/<container>/<environment>/tokens/<operation>`.
    ///
    /// - create: `{apnsEnvironment}` → `{apnsEnvironment, apnsToken, webcourierURL}`, a new token and the URL
    ///   on this server to long-poll for its pushes
    ///   (https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/CreateTokens.html).
    /// - register: `{apnsEnvironment, apnsToken}` → the same two: from now on the pushes of the container's public
    ///   database, and of the caller's private and shared databases when a user signed in, go to the token
    ///   (https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/RegisterTokens.html).
    func tokensRequest(
        _ operation: String, request: LocalRequest, container: String, environment: String, user: String?
    ) async -> LocalResponse {
        let object: [String: Any]
        do {
            object = try LocalJSON.object(request.body)
        } catch {
            return error.response
        }
        guard let apns = object["apnsEnvironment"] as? String, apns == "development" || apns == "production" else {
            return .error(.badRequest, "apnsEnvironment must be development or production")
        }
        switch operation {
        case "create":
            let token = "rk-apns-" + UUID().uuidString.lowercased()
            courier.tokens.insert(token)
            return .json(LocalJSON.data([
                "apnsEnvironment": apns, "apnsToken": token, "webcourierURL": "http://\(request.host)/webcourier/\(token)",
            ]))
        case "register":
            guard let token = object["apnsToken"] as? String, Self.isCourierToken(token) else {
                return .error(.badRequest, "apnsToken must be 1 to 200 letters, digits, '.', '_' or '-'")
            }
            let scopes: [DatabaseScope] = user == nil ? [.public] : [.public, .private, .shared]
            for scope in scopes {
                let address = LocalDatabaseAddress(container: container, environment: environment, scope: scope, user: user)
                await simulator(for: address).registerForPushes(device: token)
                courier.register(token, with: address)
            }
            return .json(LocalJSON.data(["apnsEnvironment": apns, "apnsToken": token]))
        default:
            return .error(.notFound, "unknown operation tokens/\(operation)")
        }
    }

    /// `GET /webcourier/<token>`: the next push for the token, as the payload CloudKit sends
    /// (`{"aps": …, "ck": …}`, which `CloudNotification.decode` reads), or, when none comes within
    /// ``LocalCloudKitConfiguration/longPollTimeout``, `204 No Content` with an empty body. An unknown token is
    /// `NOT_FOUND`.
    func longPoll(token: String) async -> LocalResponse {
        guard courier.tokens.contains(token) else { return .error(.notFound, "no such web courier token") }
        if let payload = courier.take(token) { return .json(payload) }
        let id = courier.nextPollID
        courier.nextPollID += 1
        let (wait, timeout) = (configuration.wait, configuration.longPollTimeout)
        let payload: Data? = await withCheckedContinuation { continuation in
            let timer = Task { [weak self] in
                do { try await wait(timeout) } catch { return }
                await self?.expirePoll(id, on: token)
            }
            courier.wait(WebCourier.Poll(id: id, continuation: continuation, timer: timer), on: token)
        }
        guard let payload else { return .reply(status: 204, headers: [:], body: Data()) }
        return .json(payload)
    }

    private func expirePoll(_ id: Int, on token: String) {
        courier.expire(id, on: token)
    }

    /// Moves the pushes the databases queued for registered tokens to the web courier, waking the polls waiting
    /// for them. Requests that change records do this themselves; call it after changing a database behind the
    /// server's back (`CloudKitSimulator.serverSave`, `releaseHeldPushes`).
    public func deliverPushes() async {
        for (token, address) in courier.registrations {
            guard let database = databases[address] else { continue }
            for var push in await database.takePushes(for: token) {
                push.containerIdentifier = address.container
                courier.deliver(push.encoded(), to: token)
            }
        }
    }

    /// Returns once a long poll waits on `token`, for tests that make a change only after the poll is parked.
    public func pollWaiting(on token: String) async {
        if courier.polls[token]?.isEmpty == false { return }
        await withCheckedContinuation { courier.watchers[token, default: []].append($0) }
    }

    /// Whether a token can go in a URL path as it is.
    static func isCourierToken(_ token: String) -> Bool {
        (1...200).contains(token.utf8.count)
            && token.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
    }
}
