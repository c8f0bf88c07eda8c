import Foundation

/// The rule that names and previews an item (F093): the title field as its name, the body field as its preview.
package enum DisplayRule {
    /// The most characters (grapheme clusters) a preview holds, its ellipsis included.
    package static let previewLimit = 240
    /// What ends a preview that was cut.
    package static let ellipsis: Character = "…"

    /// The name and preview of `input`, read through `catalog`'s hints for its type.
    package static func display(of input: ItemDisplayInput, catalog: CatalogSnapshot) -> ItemDisplay {
        let title = catalog.titleField(of: input.type).flatMap { input.properties[$0]?.string }
        let body = catalog.bodyField(of: input.type).flatMap { input.properties[$0]?.string }
        return ItemDisplay(id: input.id, name: title.flatMap(name), preview: body.flatMap(preview))
    }

    /// A title as a name: its whitespace runs made single spaces, trimmed; nil when nothing is left ("Untitled").
    package static func name(_ title: String) -> String? {
        let name = collapsed(title)
        return name.isEmpty ? nil : name
    }

    /// A body as a preview: Markdown removed, whitespace collapsed, cut to `previewLimit`; nil when nothing is left.
    package static func preview(_ body: String) -> String? {
        let text = collapsed(MarkdownPlainText.plain(body))
        return text.isEmpty ? nil : cut(text)
    }

    /// `text` whole when it fits the limit; otherwise its first characters, trimmed, and an ellipsis, 240 in all.
    package static func cut(_ text: String) -> String {
        guard text.count > previewLimit else { return text }
        var kept = String(text.prefix(previewLimit - 1))
        while kept.last?.isWhitespace == true { kept.removeLast() }
        kept.append(ellipsis)
        return kept
    }

    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
