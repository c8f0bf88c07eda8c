import MarfaRules

/// A key's map from names to levels (P-4, P-96): patterns are an exact name, `ns.*` or `*`, and the most specific
/// pattern that matches wins; a name no pattern matches is denied.
package struct GrantMap: Sendable, Hashable {
    /// Each pattern and its level.
    package var patterns: [String: GrantLevel]

    /// Makes a map.
    package init(_ patterns: [String: GrantLevel]) {
        self.patterns = patterns
    }

    /// A map granting `level` on every name.
    package static func everything(_ level: GrantLevel) -> GrantMap {
        GrantMap(["*": level])
    }

    /// The level for `name`: the exact pattern, else the longest `ns.*` whose prefix it extends, else `*`, else none.
    package func level(for name: String) -> GrantLevel {
        if let exact = patterns[name] { return exact }
        var best: (length: Int, level: GrantLevel)?
        for (pattern, level) in patterns where pattern.hasSuffix(".*") {
            let prefix = pattern.dropLast(1)
            if name.hasPrefix(prefix), prefix.count > (best?.length ?? -1) {
                best = (prefix.count, level)
            }
        }
        return best?.level ?? patterns["*"] ?? GrantLevel.none
    }

    /// The wire form `{pattern: level}`.
    package var json: JSONValue {
        .object(JSONObject(sorting: patterns.mapValues { .string($0.rawValue) }))
    }
}
