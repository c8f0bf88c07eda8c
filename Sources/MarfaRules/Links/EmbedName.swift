/// How an embed's name reads when no held file answers to it (Decision 0111).
package enum EmbedName {
    /// Whether `name` is plainly a file's: its last path part has an extension of one to ten ASCII letters or digits
    /// other than a document's (`md`, `markdown`, `txt`), which an embed shows as a note. `![[Dr. Smith]]` is a note.
    package static func isFileLike(_ name: String) -> Bool {
        let last = name.split(separator: "/").last ?? Substring(name)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return false }
        let ext = last[last.index(after: dot)...].lowercased()
        guard (1...10).contains(ext.count), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return false
        }
        return !documentExtensions.contains(ext)
    }

    private static let documentExtensions: Set<String> = ["md", "markdown", "txt"]
}
