import MarfaRules

/// The app's declared types (swift-api.md §2 "Declare", WC-27): kept in the store, and judged by while the copy has
/// never been filled.
extension CopyActor {
    /// Replaces the whole declaration set with `definitions` (JSON type definitions) in one durable step; a copy
    /// never filled judges creates by the built-in catalog with them added. Throws what `TypeDeclarations.read`
    /// throws, `readingHandle` on a reader and `closed` once closed.
    package func declareTypes(_ definitions: [String]) async throws(MarfaError) {
        try ensureOpen()
        guard role == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        let declared = try TypeDeclarations.read(definitions)
        var changes: [StoreChange] = [.setDeclaredTypes(declared.map(\.json))]
        if state.hydration == .never {
            changes.append(.setCatalog(TypeDeclarations.catalog(declaring: declared.map(\.type))))
        }
        try await commitJudged(changes, origin: .refreshed("catalog"))
    }

    /// The declarations the store holds, each as normalized JSON, in the order declared.
    package func declaredTypes() throws(MarfaError) -> [String] {
        try ensureOpen()
        return state.declaredTypes
    }
}
