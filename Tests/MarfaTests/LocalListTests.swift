import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Lists on a local store through the public SDK (seed 000 "Filter and sort", F031–F048, WC-50 to WC-61).
final class LocalListTests: LocalCopyCase {
    private func note(_ title: String, _ extra: JSONObject = [:], tags: [String] = [], type: String = "core.note",
                      occurredAt: String? = nil) async throws -> String {
        var properties: JSONObject = ["title": .string(title)]
        properties.merge(extra) { _, new in new }
        return try unwrap(try await copy.items.create(
            Draft(type: type, properties: properties, tags: tags, occurredAt: occurredAt)).itemId)
    }

    func testAListKeepsActiveItemsNewestCreatedFirstByDefault_WC50_F045() async throws {
        let first = try await note("a")
        let second = try await note("b")
        let archived = try await note("c")
        _ = try await copy.items.transition(archived, to: .archived)
        let rows = try await copy.items.list()
        XCTAssertEqual(Set(rows.map(\.id)), [first, second])
        XCTAssertEqual(rows.completeness, .complete)
        let all = try await copy.items.list(ListFilters(allStates: true))
        XCTAssertEqual(Set(all.map(\.id)), [first, second, archived])
    }

    func testStatesAndTypesAreRefusedAsTheSeedSays_F031_F032() async throws {
        let refusals: [(ListFilters, String)] = [
            (ListFilters(types: []), "validation"),
            (ListFilters(types: Set((0..<11).map { "core.t\($0)" })), "validation"),
            (ListFilters(types: ["core.nothing"]), "unknown_type"),
            (ListFilters(states: []), "validation"),
            (ListFilters(states: [.active], allStates: true), "validation"),
            (ListFilters(filter: "properties.title eq \"x\" AND properties.a eq 1 OR properties.b eq 2"), "validation"),
            (ListFilters(filter: "backref[parent-of] exists"), "invalid"),
        ]
        for (filters, code) in refusals {
            do {
                _ = try await copy.items.list(filters)
                XCTFail("\(filters) was answered")
            } catch let error as MarfaError {
                XCTAssertEqual(error.code(), code, "\(filters)")
            }
        }
    }

    func testTagsKeepItemsHoldingEveryTagAndTypesTakeTheirSubtypes_F031_F034() async throws {
        let both = try await note("both", tags: ["a", "b"])
        _ = try await note("one", tags: ["a"])
        let person = try await note("Ada", type: "core.entity.person")
        expectEqual(try await copy.items.list(ListFilters(tags: ["a", "b"])).map(\.id), [both])
        expectEqual(try await copy.items.list(ListFilters(types: ["core.entity"])).map(\.id), [person])
    }

    func testOccurredBoundsAreExclusive_WC53_F035() async throws {
        let early = try await note("early", occurredAt: "2026-01-01T00:00:00.000Z")
        let middle = try await note("middle", occurredAt: "2026-01-02T00:00:00.000Z")
        _ = try await note("late", occurredAt: "2026-01-03T00:00:00.000Z")
        let rows = try await copy.items.list(
            ListFilters(occurredAfter: "2026-01-01T00:00:00Z", occurredBefore: "2026-01-03T00:00:00Z"))
        XCTAssertEqual(rows.map(\.id), [middle])
        XCTAssertFalse(rows.map(\.id).contains(early))
    }

    func testAscendingPropertySortPutsNumbersBeforeTextAndMissingLast_F047() async throws {
        let text = try await note("t", ["rank": "alpha"])
        let missing = try await note("m")
        let two = try await note("2", ["rank": 2])
        let flag = try await note("f", ["rank": true])
        let ascending = try await copy.items.list(sort: Sort(field: .property(name: "rank"), direction: .ascending))
        XCTAssertEqual(ascending.map(\.id), [flag, two, text, missing])
        let descending = try await copy.items.list(sort: Sort(field: .property(name: "rank"), direction: .descending))
        XCTAssertEqual(descending.map(\.id), [text, two, flag, missing])
        do {
            _ = try await copy.items.list(sort: Sort(field: .property(name: "Rank-1")))
            XCTFail("a bad property name sorted")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "validation")
        }
    }

    func testUpdatedAfterListsOldestChangeFirstAndRefusesAnotherSort_F046() async throws {
        _ = try await note("x")
        do {
            _ = try await copy.items.list(
                ListFilters(updatedAfter: "2000-01-01T00:00:00Z"), sort: Sort(field: .createdAt))
            XCTFail("another sort was taken")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "validation")
        }
        expectEqual(try await copy.items.list(ListFilters(updatedAfter: "2000-01-01T00:00:00Z")).count, 1)
    }

    func testPartEqFalseHidesAttachmentsOfAHostOutOfTheBin_F056_F057() async throws {
        let host = try await note("host")
        let attachment = try await note("file")
        _ = try await copy.edges.create(from: attachment, to: host, type: "attached-to")
        let notParts = try FilterExpression(conditions: [
            FilterCondition(field: .part, operator: .eq, value: .bool(false)),
        ]).encoded()
        expectEqual(try await copy.items.list(ListFilters(filter: notParts)).map(\.id), [host])
        _ = try await copy.items.delete(host)
        let binnedHost = try await copy.items.list(ListFilters(filter: notParts)).map(\.id)
        XCTAssertEqual(binnedHost, [attachment], "a part of a binned host is no longer a part")
    }

    func testBeneathWalksParentOfEdgesAndStopsAtACycle_WC61() async throws {
        let root = try await note("root", type: "core.task")
        let child = try await note("child", type: "core.task")
        let grandchild = try await note("grandchild", type: "core.task")
        _ = try await note("outside", type: "core.task")
        _ = try await copy.edges.create(from: root, to: child, type: "parent-of")
        _ = try await copy.edges.create(from: child, to: grandchild, type: "parent-of")
        let rows = try await copy.items.list(ListFilters(beneath: root))
        XCTAssertEqual(Set(rows.map(\.id)), [root, child, grandchild])
    }

    func testTheBinListsNewestToTheBinFirst_F043() async throws {
        let first = try await note("first")
        let second = try await note("second")
        _ = try await copy.items.delete(second)
        let stamp = Timestamp.string(from: Date())
        while Timestamp.string(from: Date()) == stamp {}
        _ = try await copy.items.delete(first)
        expectEqual(try await copy.items.list(ListFilters(states: [.trashed])).map(\.id), [first, second])
    }
}

extension LocalListTests {
    func testDisplaysAndLinkCandidatesReadTheCopyAlone_F093_F096_F097() async throws {
        let reading = try await note("Reading list", ["body": "## Essays\n**First** read [[Missing note]]."])
        let blank = try await note("   ")
        let displays = try await copy.items.displays(of: try await copy.items.get([reading, blank]).rows)
        XCTAssertEqual(displays.first?.name, "Reading list")
        XCTAssertEqual(displays.first?.preview, "Essays First read Missing note.")
        XCTAssertNil(displays.last?.name, "a blank title is the app's Untitled")
        let candidates = try await copy.items.linkCandidates(of: ["reading list", reading, "nothing"])
        XCTAssertEqual(candidates.map(\.state), [.unresolved, .bound, .unresolved],
                       "a new title link stays unresolved with its candidate (F097)")
        XCTAssertEqual(candidates.first?.candidates.map(\.id), [reading])
        let links = try await copy.items.links(in: reading)
        XCTAssertEqual(links.links.map(\.name), ["Missing note"])
    }
}

extension LocalListTests {
    func testTheCatalogAnswersTypesAndStatusGroupsOffline_F053_F054() async throws {
        let done = try await note("done", ["status": "completed"], type: "core.task")
        let open = try await note("open", ["status": "pending"], type: "core.task")
        let plain = try await note("plain")
        let items = try await copy.items.get([done, open, plain]).rows
        let groups = await copy.catalog.statusGroups(of: items)
        XCTAssertEqual(groups, [done: .completed, open: .notStarted])
        expectEqual(try await copy.catalog.itemType("core.task").id, "core.task")
        do {
            _ = try await copy.catalog.itemType("core.nope")
            XCTFail("an unknown type was answered")
        } catch let error as MarfaError {
            XCTAssertEqual(error.serverCode, "type_not_found")
        }
        let edgeType = try await copy.catalog.edgeType("parent-of")
        XCTAssertEqual(edgeType.reverseLabel, "Child of")
    }
}
