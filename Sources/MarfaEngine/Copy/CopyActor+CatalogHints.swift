import MarfaRules

extension CopyActor {
    /// A stamp for the items one read hands out, so their title and body read the hints of the catalog the copy
    /// holds now (F017).
    var catalogHints: CatalogHintsStamp { CatalogHintsStamp(state.catalog) }
}
