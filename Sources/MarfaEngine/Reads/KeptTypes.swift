import MarfaRules

/// Which of the row facts' type codes a list keeps: each code's type matched against the list's named types once,
/// rather than the catalog walked for every code on every call.
struct KeptTypes {
    /// Kept or not, by type code; nil when the list names no types and keeps every one.
    let byCode: [Bool]?
    /// The facts' type names by code this was worked out for: indexes rebuilt from nothing (`clearRows`, a
    /// reader taking the writer's saves) give codes again in another order, so a count alone would not tell.
    let typeNames: [String]
    /// Whether exactly one code is kept, so the one named type's postings hold every row the type filter keeps.
    let keepsOneCode: Bool

    /// Matches each of `typeNames` (the facts' names by code) against `query`'s named types under `catalog`.
    init(query: ListQuery, typeNames: [String], catalog: borrowing CatalogSnapshot) {
        self.typeNames = typeNames
        let byCode = query.filters.types.map { named in
            typeNames.map { type in named.contains { catalog.isType(type, matching: $0) } }
        }
        self.byCode = byCode
        keepsOneCode = byCode?.count(where: { $0 }) == 1
    }
}
