/// One token of filter text, with its text as written and where it starts, in UTF-16 units.
struct FilterToken {
    /// What a token holds.
    enum Kind {
        case word(String)
        case text(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    let kind: Kind
    let raw: String
    let position: Int
}

/// Splits filter text into tokens as the instance does: space or tab between tokens, double-quoted text with `\"` as
/// its only escape, numbers without exponents, words of letters, digits, `_` and `.`, and whole `edge[…]` words.
struct FilterLexer {
    private let scalars: [Unicode.Scalar]
    private let positions: [Int]
    private var index = 0

    /// Prepares to read `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var positions: [Int] = []
        positions.reserveCapacity(scalars.count + 1)
        var units = 0
        for scalar in scalars {
            positions.append(units)
            units += scalar.utf16.count
        }
        positions.append(units)
        self.positions = positions
    }

    /// Every token of the text, or the refusal for the first character the grammar cannot read.
    mutating func tokens() throws(MarfaError) -> [FilterToken] {
        var tokens: [FilterToken] = []
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" {
                index += 1
            } else if scalar == "\"" {
                tokens.append(try quoted())
            } else if isDigit(scalar) || (scalar == "-" && isDigit(at: index + 1)) {
                tokens.append(try number())
            } else if let reference = edgeReference() {
                tokens.append(reference)
            } else if isLetter(scalar) || scalar == "_" {
                tokens.append(word())
            } else {
                throw FilterRules.refusal("Unexpected character '\(scalar)' at position \(positions[index])")
            }
        }
        return tokens
    }

    private mutating func quoted() throws(MarfaError) -> FilterToken {
        let start = index
        index += 1
        var value = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] != "\"" {
            if scalars[index] == "\\", index + 1 < scalars.count, scalars[index + 1] == "\"" {
                value.append("\"")
                index += 2
            } else {
                value.append(scalars[index])
                index += 1
            }
        }
        guard index < scalars.count else {
            throw FilterRules.refusal("Unterminated string starting at position \(positions[start])")
        }
        index += 1
        return FilterToken(kind: .text(String(value)), raw: raw(from: start), position: positions[start])
    }

    private mutating func number() throws(MarfaError) -> FilterToken {
        let start = index
        if scalars[index] == "-" { index += 1 }
        while isDigit(at: index) { index += 1 }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while isDigit(at: index) { index += 1 }
        }
        let text = raw(from: start)
        guard let number = Double(text), number.isFinite else {
            throw FilterRules.refusal(
                "The number \(text) at position \(positions[start]) is out of range: no double holds it")
        }
        return FilterToken(kind: .number(number), raw: text, position: positions[start])
    }

    /// A whole `edge[<type>]` or `backref[<type>]` word, running to the next whitespace, or nil when none starts here.
    private mutating func edgeReference() -> FilterToken? {
        guard scalars[index] == "e" || scalars[index] == "b" else { return nil }
        var end = index
        while end < scalars.count, !FilterRules.isSpace(scalars[end]) { end += 1 }
        let word = String(String.UnicodeScalarView(scalars[index..<end]))
        guard FilterRules.edgeReference(word) != nil else { return nil }
        let token = FilterToken(kind: .word(word), raw: word, position: positions[index])
        index = end
        return token
    }

    private mutating func word() -> FilterToken {
        let start = index
        while index < scalars.count, isWordPart(scalars[index]) { index += 1 }
        let word = raw(from: start)
        let kind: FilterToken.Kind
        switch word {
        case "true": kind = .bool(true)
        case "false": kind = .bool(false)
        case "null": kind = .null
        default: kind = .word(word)
        }
        return FilterToken(kind: kind, raw: word, position: positions[start])
    }

    private func raw(from start: Int) -> String {
        String(String.UnicodeScalarView(scalars[start..<index]))
    }

    private func isDigit(at position: Int) -> Bool {
        position < scalars.count && isDigit(scalars[position])
    }

    private func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || isDigit(scalar) || scalar == "_" || scalar == "."
    }

    private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
