/// Where a normal form being written stands between two pieces of its text: whether a word is open, whether one
/// was written, and whether a separator came since the last word. The ASCII runs and the other scalars of one text
/// share it, so a word spelled in both (`café`) stays one word.
struct NormalFormState {
    /// Whether the last piece read was part of a word.
    var inWord = false
    /// Whether any word was written.
    var sawWord = false
    /// Whether a separator was read since the last word (true at the start of a padded form).
    var sawSeparator: Bool
    /// Whether the form is a text's (padded at both ends) rather than an operand's.
    let padded: Bool

    /// The state before the first byte of a text (`padded`) or of an operand.
    init(padded: Bool) {
        self.padded = padded
        sawSeparator = padded
    }

    /// Reads a separator.
    @inline(__always)
    mutating func separator() {
        inWord = false
        sawSeparator = true
    }

    /// Reads a piece of a word; answers whether a space goes before it (a word starts after a separator).
    @inline(__always)
    mutating func wordPiece() -> Bool {
        guard !inWord else { return false }
        let spaced = sawSeparator
        inWord = true
        sawWord = true
        sawSeparator = false
        return spaced
    }

    /// Whether the form ends with a space: after its last word, when padded or when a separator ends the operand.
    var endsWithSpace: Bool { sawWord && (padded || sawSeparator) }
}
