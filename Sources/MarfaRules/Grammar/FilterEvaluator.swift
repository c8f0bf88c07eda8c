/// Answers a filter for one item at a time exactly as the instance's SQL does, shared by the working copy and the
/// reference instance. It is made once per read, so a refusal comes before any row, whether or not any would match.
public struct FilterEvaluator: Sendable {
    /// The expression being answered.
    public let expression: FilterExpression
    private let terms: [Term]

    /// Checks `expression` as the instance would (`validation` / `validation_error`), then, unless `answersBackrefs`
    /// (the reference instance, which holds every edge), refuses a `backref` condition `invalid` (WC-58).
    public init(_ expression: FilterExpression, answersBackrefs: Bool) throws(MarfaError) {
        _ = try expression.encoded()
        if !answersBackrefs, expression.conditions.contains(where: \.field.isBackref) {
            throw MarfaError.invalid(
                message: "A backref condition is not answered from a working copy, which holds the edges its items "
                    + "draw but not every edge drawn to them; ask the instance, or use the edge form")
        }
        self.expression = expression
        terms = expression.conditions.map(Term.init)
    }

    /// Whether `item` meets the expression, with its edges, part status and status group read from `context`.
    public func matches(_ item: Item, in context: some FilterContext) -> Bool {
        if expression.join == .any {
            return terms.contains { $0.holds(for: item, in: context) }
        }
        return terms.allSatisfy { $0.holds(for: item, in: context) }
    }

    /// The text a `contains` or `starts_with` condition on a property reads from `value` (numbers as SQLite writes
    /// them, Booleans as 1 and 0, arrays and objects as JSON), or nil for an absent or null value; what an index of
    /// candidates must hold, with ASCII case folded.
    package static func matchText(of value: JSONValue) -> String? {
        SQLiteValue(extracting: value).text
    }
}

/// One test of a value read from the item.
private enum Test {
    /// A comparison: the literal, how the item's value is taken first, and which orders pass.
    case compare(SQLiteValue, Conversion, passes: @Sendable (Int) -> Bool)
    case like([UInt8], prefixOnly: Bool)
    case present(Bool)

    /// How a value read from the item is taken before it is compared.
    enum Conversion {
        /// As stored.
        case none
        /// Numbers as REAL, other values as stored (numeric `eq`, `neq` on a property).
        case numbersAsReal
        /// `CAST(… AS REAL)` (numeric bounds on a property).
        case castToReal
    }

    /// The test for a condition on a system field or a property; a time bound compares with the normalised time.
    init(_ condition: FilterCondition) {
        let (literal, conversion) = Self.operands(of: condition)
        switch condition.operator {
        case .exists: self = .present(true)
        case .notExists: self = .present(false)
        case .contains, .startsWith:
            let needle = SQLiteValue.foldedASCII(FilterValueText.pattern(of: condition.value))
            self = .like(needle, prefixOnly: condition.operator == .startsWith)
        case .eq: self = .compare(literal, conversion) { $0 == 0 }
        case .neq: self = .compare(literal, conversion) { $0 != 0 }
        case .gt: self = .compare(literal, conversion) { $0 > 0 }
        case .gte: self = .compare(literal, conversion) { $0 >= 0 }
        case .lt: self = .compare(literal, conversion) { $0 < 0 }
        case .lte: self = .compare(literal, conversion) { $0 <= 0 }
        }
    }

    /// The literal as it meets the item's value, and how that value is taken: a system column applies its affinity
    /// to the literal; a property number is compared as REAL.
    private static func operands(of condition: FilterCondition) -> (SQLiteValue, Conversion) {
        let literal = SQLiteValue(binding: condition.value)
        switch (condition.field, condition.value) {
        case (.version, _):
            return (literal.withNumericAffinity, .none)
        case (let field, _) where field.isSystem:
            let time = field.isTime ? try? FilterRules.timeLiteral(of: condition) : nil
            return (time.map(SQLiteValue.text) ?? literal.withTextAffinity, .none)
        case (_, .number):
            let isEquality = condition.operator == .eq || condition.operator == .neq
            return (literal, isEquality ? .numbersAsReal : .castToReal)
        default:
            return (literal, .none)
        }
    }

    /// Whether `value` passes; NULL passes only `not_exists`.
    func holds(for value: SQLiteValue) -> Bool {
        switch self {
        case .present(let wanted):
            return (value != .null) == wanted
        case .like(let needle, let prefixOnly):
            return value.like(needle, prefixOnly: prefixOnly)
        case .compare(let literal, let conversion, let passes):
            let converted: SQLiteValue
            switch conversion {
            case .none: converted = value
            case .numbersAsReal: converted = value.numbersAsReal
            case .castToReal: converted = value.castToReal
            }
            return SQLiteValue.compare(converted, literal).map(passes) ?? false
        }
    }
}

/// A condition made ready to answer: its literal bound, normalised and case-folded once.
private enum Term {
    /// A system column, read from the item as the instance stores it, and its test.
    case system(@Sendable (Item) -> SQLiteValue, Test)
    case property(String, Test)
    /// `tags contains`: the tag sought, or nil for a number or Boolean, which no tag equals.
    case tagHeld(String?)
    case tagsPresent(Bool)
    /// An edge test: its type, whether inbound, the other end sought (nil for any), and whether negated.
    case edge(String, inbound: Bool, otherEnd: String?, negated: Bool)
    /// `part`: whether the item must be a part.
    case part(Bool)
    /// `status_group`: the group's spelling, and whether negated.
    case statusGroup(String, negated: Bool)

    /// The term for a condition already checked.
    init(_ condition: FilterCondition) {
        let negated = condition.operator == .neq || condition.operator == .notExists
        switch condition.field {
        case .property(let name):
            self = .property(name, Test(condition))
        case .tags where condition.operator == .contains:
            if case .text(let tag) = condition.value { self = .tagHeld(tag) } else { self = .tagHeld(nil) }
        case .tags:
            self = .tagsPresent(condition.operator == .exists)
        case .edge(let edgeType):
            self = .edge(edgeType, inbound: false, otherEnd: Self.otherEnd(of: condition), negated: negated)
        case .backref(let edgeType):
            self = .edge(edgeType, inbound: true, otherEnd: Self.otherEnd(of: condition), negated: negated)
        case .part:
            // `eq true` and `neq false` ask for parts; `eq false` and `neq true` for everything else.
            self = .part(condition.value == .bool(condition.operator == .eq))
        case .statusGroup:
            self = .statusGroup(FilterValueText.pattern(of: condition.value), negated: negated)
        case .state: self = .system({ .text($0.state.rawValue) }, Test(condition))
        case .type: self = .system({ .text($0.type) }, Test(condition))
        case .source: self = .system({ .text($0.source) }, Test(condition))
        case .occurredAt: self = .system({ .text(Self.canonicalTime($0.occurredAt)) }, Test(condition))
        case .createdAt: self = .system({ .text(Self.canonicalTime($0.createdAt)) }, Test(condition))
        case .updatedAt: self = .system({ .text(Self.canonicalTime($0.updatedAt)) }, Test(condition))
        case .tier: self = .system({ $0.tier.map { .text($0.rawValue) } ?? .null }, Test(condition))
        case .version: self = .system({ .integer($0.version) }, Test(condition))
        case .id: self = .system({ .text($0.id) }, Test(condition))
        case .sourceId: self = .system({ $0.sourceId.map(SQLiteValue.text) ?? .null }, Test(condition))
        }
    }

    /// Whether the item meets the term.
    func holds(for item: Item, in context: some FilterContext) -> Bool {
        switch self {
        case .system(let column, let test):
            return test.holds(for: column(item))
        case .property(let name, let test):
            return test.holds(for: SQLiteValue(extracting: item.property(name)))
        case .tagHeld(let tag):
            guard let tag else { return false }
            return item.tags.contains { $0.utf8.elementsEqual(tag.utf8) }
        case .tagsPresent(let wanted):
            return item.tags.isEmpty != wanted
        case .edge(let edgeType, let inbound, let otherEnd, let negated):
            let ends =
                inbound
                ? context.edgeSources(to: item.id, edgeType: edgeType)
                : context.edgeTargets(from: item.id, edgeType: edgeType)
            guard let otherEnd else { return ends.isEmpty == negated }
            return ends.contains { $0.utf8.elementsEqual(otherEnd.utf8) } != negated
        case .part(let wanted):
            return context.isPart(item) == wanted
        case .statusGroup(let group, let negated):
            guard let held = context.statusGroup(of: item) else { return false }
            return (held.rawValue == group) != negated
        }
    }

    /// The other end an `eq` or `neq` edge condition seeks, as the TEXT id column meets the literal (a number as
    /// SQLite writes a REAL), or nil for `exists` and `not_exists`.
    private static func otherEnd(of condition: FilterCondition) -> String? {
        condition.operator.takesValue ? SQLiteValue(binding: condition.value).withTextAffinity.text : nil
    }

    /// An item's own time as the instance stores it: canonical UTC text where it reads as a time, else as written.
    private static func canonicalTime(_ text: String) -> String {
        (try? FilterTimestamp.normalized(text, field: "time")) ?? text
    }
}
