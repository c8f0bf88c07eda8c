/// A filter as typed values: conditions joined by AND (`.all`) or by OR (`.any`), never both.
///
/// Two expressions of fewer than two conditions are equal whatever their join, since the join of one condition
/// cannot be written or read back.
public struct FilterExpression: Sendable, Hashable {
    /// How the conditions combine: every one must hold, or any one.
    public enum Join: String, Sendable, Hashable, Codable, CaseIterable {
        /// Every condition must hold (`AND`).
        case all
        /// At least one condition must hold (`OR`).
        case any
    }

    /// The conditions, in the order they are written.
    public var conditions: [FilterCondition]
    /// How the conditions combine.
    public var join: Join

    /// Makes an expression; the conditions must all hold unless `join` is `.any`.
    public init(conditions: [FilterCondition], join: Join = .all) {
        self.conditions = conditions
        self.join = join
    }

    /// The join that matters: `.all` where fewer than two conditions make the join unwritten.
    private var effectiveJoin: Join {
        conditions.count < 2 ? .all : join
    }

    /// Whether two expressions are the same filter: the same conditions in the same order, under the same join.
    public static func == (lhs: FilterExpression, rhs: FilterExpression) -> Bool {
        lhs.conditions == rhs.conditions && lhs.effectiveJoin == rhs.effectiveJoin
    }

    /// Hashes the conditions and the join that matters.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(conditions)
        hasher.combine(effectiveJoin)
    }
}

extension FilterExpression: Codable {
    /// Reads the expression from its filter text, refusing what the instance refuses.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(decoding: text)
    }

    /// Writes the expression as its filter text; throws `validation` for one the instance would refuse.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(try encoded())
    }
}
