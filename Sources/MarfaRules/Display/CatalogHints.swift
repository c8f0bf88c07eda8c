/// The display hints of one copy's catalog, which the items the copy hands out read their `title` and `body` by
/// (seed 000 "Items", F017): a declared or served type's hints as well as the built-in ones.
package final class CatalogHints: Sendable {
    /// The catalog whose hints name the fields.
    let catalog: CatalogSnapshot

    /// Hints read from `catalog`.
    package init(_ catalog: CatalogSnapshot) {
        self.catalog = catalog
    }
}

/// Hands out items reading the copy's catalog hints, for one read: an item whose type the copy's catalog hints as the
/// built-in catalog does is handed out as it is held, with nothing copied (F017).
package struct CatalogHintsStamp {
    private let catalog: CatalogSnapshot
    private var hints: CatalogHints?
    /// Whether each type seen so far is hinted otherwise than by the built-in catalog.
    private var answered: [String: Bool] = [:]
    /// The type asked last and its answer: a list's rows are mostly of one type, so most rows hash no string.
    private var last: (type: String, differs: Bool)?

    /// A stamp for the items of one read under `catalog`.
    package init(_ catalog: CatalogSnapshot) {
        self.catalog = catalog
    }

    /// `item`, reading its title and body by the copy's hints where they differ from the built-in ones.
    package mutating func stamp(_ item: Item) -> Item {
        guard differs(item.type) else { return item }
        let hints = self.hints ?? CatalogHints(catalog)
        self.hints = hints
        return item.reading(hints)
    }

    private mutating func differs(_ type: String) -> Bool {
        if let last, last.type == type { return last.differs }
        let answer = lookUp(type)
        last = (type, answer)
        return answer
    }

    private mutating func lookUp(_ type: String) -> Bool {
        if let known = answered[type] { return known }
        let builtIn = BuiltInCatalog.snapshot
        let differ = catalog.titleField(of: type) != builtIn.titleField(of: type)
            || catalog.bodyField(of: type) != builtIn.bodyField(of: type)
        answered[type] = differ
        return differ
    }
}
