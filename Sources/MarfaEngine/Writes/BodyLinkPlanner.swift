import Foundation
import MarfaRules

/// What saving a note's body does to its links (seed 002 "Check links as you type", F099, F100): the rule that turns
/// the `[[links]]` of the saved text into `references` edges.
///
/// A link the copy can bind alone (by a held id, or by a title the note already has an edge for) gets its edge in the
/// same write; a link by title stays a pending lookup until the instance's name lookup answers
/// (`answering(_:named:with:)`); an earlier lookup's item is kept while the link stays. A link edited out takes away
/// the `references` edge it made. An edge the copy refuses marks its link `refused`, and the save still queues.
package struct BodyLinkPlanner {
    /// The edge type a link makes.
    package static let edgeType = "references"

    private let state: CopyState
    private let context: WriteContext
    /// The live items whose folded title is a folded name, in the copy's order.
    private let titled: (String) -> [Item]

    /// Makes a planner over one moment of the state.
    package init(state: CopyState, context: WriteContext, titled: @escaping (String) -> [Item]) {
        self.state = state
        self.context = context
        self.titled = titled
    }

    /// Whether an edit names `item`'s body field, or changes the field's text: a save of its body.
    package func savesBody(_ edit: Edit, of held: Item, as saved: Item) -> Bool {
        guard let field = state.catalog.bodyField(of: saved.type) else { return false }
        return edit.properties[field] != nil || edit.clearProperties.contains(field) || edit.replaceProperties
            || body(of: held) != body(of: saved)
    }

    /// The edge writes and the lookup records that saving `saved` over `held` makes.
    package func plan(saving saved: Item, over held: Item) -> PlannedWrite {
        let previous = state.linkLookups[saved.id] ?? []
        let boundIds = Set(state.edges.records(from: saved.id).map(\.targetId))
        let existing = state.edges.records(from: saved.id).filter { $0.edgeType == Self.edgeType }.map(\.edge)
        let before = Set(names(in: body(of: held)).compactMap { resolved($0, previous, boundIds) })
        var plan = PlannedWrite()
        var lookups: [LinkLookup] = []
        var kept = Set<String>()
        var edged = Set(existing.map(\.targetId))
        for name in names(in: body(of: saved)) {
            let folded = LinkResolver.folded(name)
            guard !lookups.contains(where: { LinkResolver.folded($0.name) == folded }) else { continue }
            guard let target = resolved(name, previous, boundIds) else {
                lookups.append(LinkLookup(name: name))
                continue
            }
            kept.insert(target)
            let earlier = previous.first { LinkResolver.folded($0.name) == folded && $0.answer == .found(id: target) }
            if edged.contains(target) {
                if let earlier { lookups.append(earlier) }
                continue
            }
            switch edge(from: saved.id, to: target) {
            case .success(let write):
                edged.insert(target)
                plan.changes += write.changes
                plan.writes += write.writes
                if let earlier { lookups.append(earlier) }
            case .failure(let error):
                let answer: LinkLookup.Answer? = Self.waits(error) ? nil : .refused(reason: Self.reason(error))
                lookups.append(LinkLookup(name: name, answer: answer))
            }
        }
        for edge in existing where before.contains(edge.targetId) && !kept.contains(edge.targetId) {
            guard let removal = try? EdgeWritePlanner(state: state, context: context).delete(edge.id) else { continue }
            plan.changes += removal.changes
            plan.writes += removal.writes
        }
        if lookups != previous { plan.changes.append(.setLinkLookups(itemId: saved.id, lookups: lookups)) }
        return plan
    }

    /// What the instance's lookup answering `ids` for `name` does to note `itemId`'s links: nil when the name is no
    /// longer pending there (the body was saved again), else the answer with the edge write it makes.
    package func answering(_ itemId: String, named name: String, with ids: [String]) -> PlannedWrite? {
        var lookups = state.linkLookups[itemId] ?? []
        guard let index = lookups.firstIndex(where: { $0.name == name && $0.answer == nil }) else { return nil }
        var plan = PlannedWrite()
        let unique = Array(Set(ids))
        switch unique.count {
        case 0: lookups[index].answer = .missing
        case 1:
            let target = unique[0]
            let edged = state.edges.records(from: itemId).contains {
                $0.edgeType == Self.edgeType && $0.targetId == target
            }
            if edged {
                lookups[index].answer = .found(id: target)
            } else {
                switch edge(from: itemId, to: target) {
                case .success(let write):
                    plan = write
                    lookups[index].answer = .found(id: target)
                case .failure(let error):
                    guard !Self.waits(error) else { return nil }
                    lookups[index].answer = .refused(reason: Self.reason(error))
                }
            }
        default: lookups[index].answer = .ambiguous
        }
        plan.changes.append(.setLinkLookups(itemId: itemId, lookups: lookups))
        return plan
    }

    /// The item a link names without asking the instance: by a held id, by a title the note has an edge for, or by
    /// the item an earlier lookup found for it.
    private func resolved(_ name: String, _ lookups: [LinkLookup], _ boundIds: Set<String>) -> String? {
        let current = state
        let found = LinkResolver.candidates(
            target: name, held: { id in current.items[id].flatMap { $0.state == .trashed ? nil : $0 } },
            titled: titled, boundIds: boundIds)
        if found.state == .bound, let item = found.candidates.first { return item.id }
        let folded = LinkResolver.folded(name)
        for lookup in lookups where LinkResolver.folded(lookup.name) == folded {
            if case .found(let id)? = lookup.answer { return id }
        }
        return nil
    }

    private func edge(from source: String, to target: String) -> Result<PlannedWrite, MarfaError> {
        do throws(MarfaError) {
            return .success(
                try EdgeWritePlanner(state: state, context: context)
                    .create(from: source, to: target, type: Self.edgeType, properties: [:], id: nil))
        } catch {
            return .failure(error)
        }
    }

    /// Whether an edge the copy cannot write now waits for a whole copy rather than being refused (F028).
    private static func waits(_ error: MarfaError) -> Bool {
        switch error {
        case .hydrationIncomplete, .copyExpired: return true
        default: return false
        }
    }

    /// A refusal's own code where it carries one (`edge_cycle`), else its class.
    private static func reason(_ error: MarfaError) -> String {
        error.serverCode ?? error.code()
    }

    private func body(of item: Item) -> String {
        state.catalog.bodyField(of: item.type).flatMap { item.property($0)?.string } ?? ""
    }

    /// The link names of a body, trimmed, blank ones left out.
    private func names(in body: String) -> [String] {
        linkParts(in: body).map { $0.target.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
