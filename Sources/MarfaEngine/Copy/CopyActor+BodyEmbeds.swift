import Foundation
import MarfaRules

/// The file embeds of a saved body (seed 000 line 30, F009; Decision 0111): each `![[name]]` with the held file item
/// whose title is that name.
extension CopyActor {
    /// The file embeds of `body`, in order: one held file item (`core.file` or below, holding a `blob_ref`, out of the
    /// bin) titled as the embed names it is the embed's item, two or more make it `ambiguous`, and none `missing`. An
    /// embed no held file answers to whose name is not a file's (no extension, or `.md`, `.markdown`, `.txt`) embeds a
    /// note: it is text, not a file, and left out.
    func embeds(in body: String) -> [BodyName] {
        let parts = embedParts(in: body)
        guard !parts.isEmpty else { return [] }
        let titles = currentTitleIndex()
        let text = body as NSString
        return parts.compactMap { part -> BodyName? in
            let name = part.name.text
            let files = titles.items(titled: LinkResolver.folded(name), in: state).filter(isFile)
            let target: BodyTarget
            switch files.count {
            case 0:
                guard EmbedName.isFileLike(name) else { return nil }
                target = .missing
            case 1: target = .item(id: files[0].id)
            default: target = .ambiguous
            }
            return BodyName(text: text.substring(with: part.range), name: name, target: target)
        }
    }

    /// Whether `item` is a file item holding the bytes' hash.
    private func isFile(_ item: Item) -> Bool {
        item.state != .trashed && item.state != .revoked && state.catalog.isType(item.type, within: "core.file")
            && item.property("blob_ref")?.string != nil
    }
}
