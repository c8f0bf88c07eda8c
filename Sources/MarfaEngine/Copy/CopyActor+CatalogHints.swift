import MarfaRules

extension CopyActor {
    /// The display hints of the catalog the copy holds now, which the items its reads hand out read their title and
    /// body by (F017).
    var catalogHints: CatalogHints { CatalogHints(state.catalog) }
}
