import Foundation

/// Human-readable numbers for the table: times with units, rates, sizes, ratios.
enum Format {
    /// A duration in seconds as ns, µs, ms or s with three significant digits.
    static func time(_ seconds: Double?) -> String {
        guard let seconds else { return "—" }
        if seconds < 1e-6 { return String(format: "%.0f ns", seconds * 1e9) }
        if seconds < 1e-3 { return String(format: "%.3g µs", seconds * 1e6) }
        if seconds < 1 { return String(format: "%.3g ms", seconds * 1e3) }
        return String(format: "%.3g s", seconds)
    }

    /// A rate as `12.3k/s`.
    static func rate(_ perSecond: Double?) -> String {
        guard let perSecond else { return "" }
        if perSecond >= 1e6 { return String(format: "%.3gM/s", perSecond / 1e6) }
        if perSecond >= 1e3 { return String(format: "%.3gk/s", perSecond / 1e3) }
        return String(format: "%.3g/s", perSecond)
    }

    /// Bytes as B, KB, MB or GB (decimal).
    static func bytes(_ count: Double?) -> String {
        guard let count else { return "—" }
        if count >= 1e9 { return String(format: "%.3g GB", count / 1e9) }
        if count >= 1e6 { return String(format: "%.3g MB", count / 1e6) }
        if count >= 1e3 { return String(format: "%.3g KB", count / 1e3) }
        return String(format: "%.0f B", count)
    }

    /// A ratio with two significant digits and a ×.
    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return String(format: value >= 10 ? "%.0f×" : "%.2g×", value)
    }

    /// Pads or cuts `text` to `width` characters.
    static func cell(_ text: String, _ width: Int, right: Bool = false) -> String {
        let count = text.count
        if count >= width { return String(text.prefix(width)) }
        let padding = String(repeating: " ", count: width - count)
        return right ? padding + text : text + padding
    }
}
