import Foundation

/// The app's declared types (swift-api.md §2 "Declare"): JSON type definitions (P-83) a copy checks creates against
/// before its first hydration, read and normalized here.
package enum TypeDeclarations {
    /// The namespaces an app cannot declare in, as the instance refuses to register them (P-21).
    package static let reservedNamespaces = ["core", "system", "marfa"]

    /// Each definition read as a type and written back as normalized JSON (sorted keys), in the order given.
    ///
    /// Throws `validation`/`validation_error` for text that is not one JSON type record, an id outside the type
    /// grammar or an id declared twice, and `forbidden` for an id in a reserved namespace.
    package static func read(_ definitions: [String]) throws(MarfaError) -> [(type: ItemType, json: String)] {
        var read: [(type: ItemType, json: String)] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for text in definitions {
            let type: ItemType
            let json: String
            do {
                let value = try JSONValue(json: text)
                guard value.object != nil else { throw MarfaError.invalid(message: "not an object") }
                type = try JSONDecoder().decode(ItemType.self, from: Data(try value.jsonBytes()))
                json = String(decoding: try encoder.encode(type), as: UTF8.self)
            } catch {
                throw MarfaError.validation(
                    code: "validation_error", message: "a declared type is not a JSON type definition: \(error)")
            }
            guard FieldRules.isTypeName(type.id) else {
                throw MarfaError.validation(code: "validation_error", message: "\"\(type.id)\" is not a type name")
            }
            if let namespace = type.id.split(separator: ".").first, reservedNamespaces.contains(String(namespace)) {
                throw MarfaError.forbidden(
                    code: "forbidden", message: "types under \(namespace). are the instance's own")
            }
            guard !read.contains(where: { $0.type.id == type.id }) else {
                throw MarfaError.validation(code: "validation_error", message: "\(type.id) is declared twice")
            }
            read.append((type, json))
        }
        return read
    }

    /// The catalog a copy that has never been filled judges by: the built-in one with `declared` added.
    package static func catalog(declaring declared: [ItemType]) -> CatalogSnapshot {
        let builtIn = BuiltInCatalog.snapshot
        return CatalogSnapshot(itemTypes: builtIn.itemTypes + declared, edgeTypes: builtIn.edgeTypes)
    }
}
