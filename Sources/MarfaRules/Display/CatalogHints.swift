/// The display hints of one copy's catalog, which the items the copy hands out read their `title` and `body` by
/// (seed 000 "Items", F017): a declared or served type's hints as well as the built-in ones.
package final class CatalogHints: Sendable {
    /// The catalog whose hints name the fields.
    let catalog: CatalogSnapshot

    /// Hints read from `catalog`.
    package init(_ catalog: CatalogSnapshot) {
        self.catalog = catalog
    }

    /// `item`, reading its title and body by these hints.
    package func stamp(_ item: Item) -> Item {
        item.reading(self)
    }
}
