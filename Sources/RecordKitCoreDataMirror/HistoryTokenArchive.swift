import Foundation
import RecordKit

/// Reads a keyed archive of an `NSPersistentHistoryToken` (`_NSPersistentHistoryToken`): its root holds
/// `NSPersistentHistoryTokenDictionary`, an `NSDictionary` from store identifier to transaction number.
enum HistoryTokenArchive {
    /// Why a history token archive could not be read, at a path in the archive.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let message: String
        var description: String { "history token at \(path): \(message)" }
    }

    /// The transaction number per store identifier.
    static func transactionNumbers(_ data: Data) throws(Failure) -> [String: Int] {
        let plist: PropertyListValue
        do {
            plist = try BinaryPropertyList.decode(data)
        } catch {
            throw Failure(path: "$", message: "\(error)")
        }
        guard case let .dictionary(archive) = plist, case let .array(objects)? = archive["$objects"],
              case let .dictionary(top)? = archive["$top"] else {
            throw Failure(path: "$", message: "not a keyed archive")
        }
        func object(_ reference: PropertyListValue?, _ path: String) throws(Failure) -> PropertyListValue {
            guard case let .uid(index)? = reference, index < objects.count else {
                throw Failure(path: path, message: "not a reference to an object")
            }
            return objects[Int(index)]
        }
        guard case let .dictionary(root) = try object(top["root"], "$top.root") else {
            throw Failure(path: "$top.root", message: "not an object")
        }
        let dictionaryPath = "$top.root.NSPersistentHistoryTokenDictionary"
        guard case let .dictionary(dictionary) = try object(root["NSPersistentHistoryTokenDictionary"], dictionaryPath),
              case let .array(keys)? = dictionary["NS.keys"], case let .array(values)? = dictionary["NS.objects"],
              keys.count == values.count else {
            throw Failure(path: dictionaryPath, message: "not a dictionary of equal NS.keys and NS.objects")
        }
        var numbers: [String: Int] = [:]
        for (index, (key, value)) in zip(keys, values).enumerated() {
            guard case let .string(store) = try object(key, "\(dictionaryPath).NS.keys[\(index)]"),
                  case let .integer(number) = try object(value, "\(dictionaryPath).NS.objects[\(index)]") else {
                throw Failure(path: "\(dictionaryPath)[\(index)]", message: "not a store identifier and a transaction number")
            }
            numbers[store] = Int(number)
        }
        return numbers
    }
}
