import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// A list asked again reuses its checked and parsed request (Decision 0066): what it keeps must follow the copy's
/// catalog and the types its rows hold, and never stand in for rows (seed 000 "Filter and sort", WC-50).
final class PreparedListTests: XCTestCase {
    private let time = "2026-01-02T03:04:05.006Z"

    func testAKeptListIsCheckedAgainUnderANewCatalog_WC50() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let plain = CatalogSnapshot(itemTypes: [ItemType(id: "core.note"), ItemType(id: "core.task")], edgeTypes: [])
        let withRecipes = CatalogSnapshot(
            itemTypes: [ItemType(id: "core.note"), ItemType(id: "core.task"), ItemType(id: "x.recipe")],
            edgeTypes: [])
        try await copy.commit([.setCatalog(plain)])
        let recipes = ListFilters(types: ["x.recipe"])
        await assertRefusedAsUnknownType(copy, recipes, "witness: the catalog does not hold x.recipe")

        try await copy.commit([.setCatalog(withRecipes), .putItem(item("01", type: "x.recipe"))])
        let listed = try await copy.list(recipes, sort: Sort()).rows.map(\.id)
        XCTAssertEqual(listed, [id("01")], "the refusal was not kept: the new catalog holds x.recipe")
        let kept = await copy.preparedListCount
        XCTAssertEqual(kept, 1, "witness: the accepted list is kept")

        try await copy.commit([.setCatalog(plain)])
        await assertRefusedAsUnknownType(copy, recipes, "the kept list is checked again under the old catalog")
    }

    func testAKeptListIsCheckedAgainWithinANewSlice_WC50() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let origin = try Origin(url: XCTUnwrap(URL(string: "http://127.0.0.1:8080")))
        let copy = try await CopyActor.open(at: url, origin: origin)
        let notesOnly = Slice(types: ["core.note"], tier: .all)
        let both = Slice(types: ["core.note", "core.task"], tier: .all)
        try await copy.commit([.setSlice(notesOnly), .setHydration(.complete), .putItem(item("01", type: "core.task"))])
        let tasks = ListFilters(types: ["core.task"])
        await assertRefusedAsUnknownType(copy, tasks, "witness: the slice does not take tasks")

        try await copy.commit([.setSlice(both)])
        let listed = try await copy.list(tasks, sort: Sort()).rows.map(\.id)
        XCTAssertEqual(listed, [id("01")], "the refusal was not kept: the new slice takes tasks")

        try await copy.commit([.setSlice(notesOnly)])
        await assertRefusedAsUnknownType(copy, tasks, "the kept list is checked again within the old slice")
    }

    func testAKeptListKeepsATypeFirstHeldAfterItWasPrepared_WC50() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let catalog = CatalogSnapshot(
            itemTypes: [
                ItemType(id: "core.note"), ItemType(id: "core.task"), ItemType(id: "x.bug", parent: "core.task"),
            ],
            edgeTypes: [])
        try await copy.commit([.setCatalog(catalog), .putItem(item("01", type: "core.task"))])
        let tasks = ListFilters(types: ["core.task"])
        let first = try await copy.list(tasks, sort: Sort()).rows.map(\.id)
        XCTAssertEqual(first, [id("01")])

        try await copy.commit([.putItem(item("02", type: "x.bug")), .putItem(item("03", type: "core.note"))])
        let again = try await copy.list(tasks, sort: Sort()).rows.map(\.id)
        XCTAssertEqual(Set(again), [id("01"), id("02")], "a subtype first held after the list was kept is listed")
        let kept = await copy.preparedListCount
        XCTAssertEqual(kept, 1, "witness: the second list reused the first one's preparation")
    }

    func testAKeptListKeepsItsTypesAfterTheRowsAreHeldAgainInAnotherOrder_WC50() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit([.putItem(item("01", type: "core.note")), .putItem(item("02", type: "core.task"))])
        let tasks = ListFilters(types: ["core.task"])
        let before = try await copy.list(tasks, sort: Sort()).rows.map(\.id)
        XCTAssertEqual(before, [id("02")])
        let firstCodes = await copy.indexes.facts.typeNames
        XCTAssertEqual(firstCodes, ["core.note", "core.task"])

        try await copy.commit([
            .clearRows, .putItem(item("03", type: "core.task")), .putItem(item("04", type: "core.note")),
        ])
        let secondCodes = await copy.indexes.facts.typeNames
        XCTAssertEqual(secondCodes, ["core.task", "core.note"], "witness: the same count of codes, in another order")
        let after = try await copy.list(tasks, sort: Sort()).rows.map(\.id)
        XCTAssertEqual(after, [id("03")], "the kept list's types follow the codes the rebuilt rows hold")
    }

    func testManyDistinctListsStayBoundedAndAnswerAsFresh_WC50() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit((1...9).map { .putItem(item("0\($0)", type: "core.note")) })
        let every = try await copy.list(ListFilters(), sort: Sort()).rows.map(\.id)
        XCTAssertEqual(every.count, 9, "witness: the copy lists its notes")
        var largest = 0
        for limit in 1...(PreparedLists.capacity + 6) {
            let rows = try await copy.list(ListFilters(limit: UInt32(limit)), sort: Sort()).rows.map(\.id)
            XCTAssertEqual(rows, Array(every.prefix(limit)))
            largest = max(largest, await copy.preparedListCount)
        }
        XCTAssertEqual(largest, PreparedLists.capacity, "the kept lists reach the bound and go no further")
        let again = try await copy.list(ListFilters(limit: 2), sort: Sort()).rows.map(\.id)
        XCTAssertEqual(again, Array(every.prefix(2)))
    }

    private func assertRefusedAsUnknownType(
        _ copy: CopyActor, _ filters: ListFilters, _ message: String, line: UInt = #line
    ) async {
        do {
            _ = try await copy.list(filters, sort: Sort())
            XCTFail("listed: \(message)", line: line)
        } catch {
            XCTAssertEqual(error.code(), "unknown_type", message, line: line)
        }
    }

    private func id(_ suffix: String) -> String { "0190a1b2-0000-7000-8000-0000000000\(suffix)" }

    private func item(_ suffix: String, type: String) -> Item {
        Item(
            id: id(suffix), type: type, properties: ["title": .string("Item \(suffix)")], occurredAt: time,
            createdAt: time, updatedAt: time)
    }
}
