/// Rules about one field: its name, version, indexes, encryption, reference, enum, representation and default.
extension ValidationContext {
    /// Kinds CloudKit can encrypt.
    static let encryptableKinds: Set<SchemaFieldKind> = [.string, .int64, .double, .timestamp, .bytes, .location]

    mutating func checkField(_ field: Field, in record: RecordType) {
        checkFieldName(field.name, of: "field", at: place("name", of: field.location))
        checkVersion(of: field, in: record)
        // A kind the XSD refused: nothing that depends on the kind can be said.
        guard !hasUnknownKind(field) else { return }
        if case .list(of: .list) = field.type {
            // The XML reader refuses of="list" (RK127 too); a schema built in code can still hold one.
            error(.listElementKind, at: place("of", of: field.location),
                  "field '\(field.name)' is a list of lists, which CloudKit cannot store: make of= any kind but list")
        }
        checkIndexesAndEncryption(of: field)
        checkReference(of: field)
        let enumType = checkEnum(of: field)
        checkRepresentation(of: field)
        checkDefault(of: field, enumType: enumType)
    }

    /// RK107, RK108: `since` in 1...version; a required field added later needs a default.
    private mutating func checkVersion(of field: Field, in record: RecordType) {
        if hasUnknownVersion(record) || damage.isDamaged("since", of: field.location) { return }
        if field.since < 1 || field.since > record.version {
            error(.sinceOutOfRange, at: place("since", of: field.location),
                  "field '\(field.name)' has since=\"\(field.since)\", but '\(record.name)' is at version \(record.version): since must be in 1...\(record.version) (raise the record type's version when adding a field)")
        } else if field.since > 1, field.isRequired {
            error(.requiredFieldNeedsDefault, at: field.location,
                  "field '\(field.name)' is required but was added in version \(field.since), so records written before have no value for it: add a default=\"…\" or optional=\"true\"")
        }
    }

    /// RK109-RK112: encryption only on encryptable kinds and never with an index; searchable only on strings;
    /// no index on assets.
    private mutating func checkIndexesAndEncryption(of field: Field) {
        if field.isEncrypted {
            if case let .scalar(kind) = field.type, Self.encryptableKinds.contains(kind) {
                if field.hasIndex {
                    error(.encryptedFieldIndexed, at: place(indexAttribute(of: field), of: field.location),
                          "field '\(field.name)' is encrypted, and CloudKit cannot index encrypted fields: remove the index or the encryption")
                }
            } else {
                error(.encryptionNotSupported, at: place("encrypted", of: field.location),
                      "field '\(field.name)' is \(withArticle(field.type.description)) field, which CloudKit cannot encrypt: only string, int64, double, timestamp, bytes and location can be; remove encrypted=\"true\"")
            }
        }
        if field.isSearchable, field.type != .scalar(.string) {
            error(.searchableNotString, at: place("searchable", of: field.location),
                  "field '\(field.name)' is \(withArticle(field.type.description)) field; only string fields can be searchable: remove searchable=\"true\"")
        }
        if field.type.valueKind == .asset, field.hasIndex {
            error(.assetIndexed, at: place(indexAttribute(of: field), of: field.location),
                  "field '\(field.name)' holds assets, which CloudKit cannot index: remove queryable, sortable and searchable")
        }
    }

    /// The first index attribute a field sets, to point at.
    private func indexAttribute(of field: Field) -> String {
        field.isQueryable ? "queryable" : field.isSortable ? "sortable" : "searchable"
    }

    /// RK113, RK114: `to` names a record type; `to` and `action` only on fields that hold references.
    private mutating func checkReference(of field: Field) {
        let holdsReferences = field.type.valueKind == .reference
        if let target = field.referenceTarget {
            if !holdsReferences {
                error(.referenceOptionOnNonReference, at: place("to", of: field.location),
                      "field '\(field.name)' is \(withArticle(field.type.description)) field, so to= has no meaning: remove it, or make the field kind=\"reference\"")
            } else if recordsByName[target] == nil {
                error(.unknownReferenceTarget, at: place("to", of: field.location),
                      "field '\(field.name)' refers to record type '\(target)', which the schema does not declare: declare it or fix the name")
            }
        }
        if field.referenceAction != nil, !holdsReferences {
            error(.referenceOptionOnNonReference, at: place("action", of: field.location),
                  "field '\(field.name)' is \(withArticle(field.type.description)) field, so action= has no meaning: remove it, or make the field kind=\"reference\"")
        }
    }

    /// RK115, RK116: the enum exists and stores its raw values in the field's kind. Returns the enum when usable.
    private mutating func checkEnum(of field: Field) -> EnumType? {
        guard let name = field.enumName else { return nil }
        let at = place("enum", of: field.location)
        guard let enumType = enumsByName[name] else {
            error(.unknownEnum, at: at, "field '\(field.name)' uses enum '\(name)', which the schema does not declare: declare <enum name=\"\(name)\" …> or fix the name")
            return nil
        }
        if hasUnknownKind(enumType) { return nil }
        guard field.type.valueKind.rawValue == enumType.kind.rawValue else {
            error(.enumKindMismatch, at: at,
                  "field '\(field.name)' is \(withArticle(field.type.description)) field but enum '\(name)' stores \(enumType.kind.rawValue) values: make the field kind=\"\(enumType.kind.rawValue)\" (or a list of it)")
            return nil
        }
        return enumType
    }

    /// RK126: `as` fits the kind (uuid and url on strings, int and bool on int64) and is not combined with `enum`.
    private mutating func checkRepresentation(of field: Field) {
        guard let representation = field.representation else { return }
        let at = place("as", of: field.location)
        if field.enumName != nil {
            error(.representationMismatch, at: at,
                  "field '\(field.name)' has both as=\"\(representation.rawValue)\" and enum=: an enum field's Swift type is the enum; remove as=")
            return
        }
        let needed: SchemaFieldKind = switch representation {
        case .uuid, .url: .string
        case .int, .bool: .int64
        }
        if field.type.valueKind != needed {
            error(.representationMismatch, at: at,
                  "as=\"\(representation.rawValue)\" needs \(withArticle(needed.rawValue)) field, but '\(field.name)' is \(withArticle(field.type.description)) field: remove as= or change the kind")
        }
    }

    /// RK117, RK118: the default parses as the kind (or names a case), and only kinds that can have one do.
    private mutating func checkDefault(of field: Field, enumType: EnumType?) {
        guard let text = field.defaultValue else { return }
        if field.enumName != nil, enumType == nil { return }  // already reported: RK115 or RK116
        let at = place("default", of: field.location)
        do {
            _ = try SchemaDefault.parse(text, for: field, enumType: enumType)
        } catch let problem {
            switch problem {
            case .notAllowed:
                error(.defaultNotAllowed, at: at,
                      "field '\(field.name)': \(problem); make it optional=\"true\" instead")
            case .invalid, .unknownCase:
                error(.invalidDefault, at: at, "field '\(field.name)': \(problem)")
            }
        }
    }
}
