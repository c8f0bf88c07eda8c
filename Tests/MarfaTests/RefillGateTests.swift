import Marfa
@testable import MarfaEngine
import XCTest

/// The refill gate (seed 003 "Refills", F130, F131): a stale copy refills only when it keeps everything it holds.
final class RefillGateTests: XCTestCase {
    private let catalog = CatalogSnapshot(
        itemTypes: [ItemType(id: "core.note"), ItemType(id: "core.task"), ItemType(id: "core.note.daily")],
        edgeTypes: [EdgeType(id: "core.links_to", cardinality: .manyToMany)])

    private func gate(
        served: String = "instance-a", hydration: Hydration = .expired, staleReason: String? = "catchup_too_old",
        slice: Slice = Slice(types: ["core.note"], tier: .all, edgeTypes: ["core.links_to"]),
        grants: [String: String] = ["*": "write"]
    ) -> RefillGate {
        RefillGate(
            storedInstanceId: "instance-a", servedInstanceId: served, hydration: hydration, staleReason: staleReason,
            slice: slice, catalog: catalog, typeGrants: grants)
    }

    private func reason(_ gate: RefillGate) -> String? {
        guard case .copyExpired(let reason, _)? = gate.refusal else { return nil }
        return reason
    }

    func testAStaleCopyWhoseSliceTheKeyStillReadsRefills_F130() {
        XCTAssertNil(gate().refusal)
        XCTAssertNil(gate(grants: ["core.*": "read"]).refusal)
        XCTAssertNil(gate(grants: ["core.note.daily": "read"]).refusal, "a readable subtype makes the type readable")
    }

    func testAnotherInstanceAtTheOriginRefusesWithInstanceChanged_F131_WC33() {
        guard case .instanceChanged(let expected, let got, _)? = gate(served: "instance-b").refusal else {
            return XCTFail("another instance was refilled")
        }
        XCTAssertEqual([expected, got], ["instance-a", "instance-b"])
    }

    func testEachRefusalNamesItsReason_F131() {
        XCTAssertEqual(reason(gate(hydration: .complete)), "not_stale")
        XCTAssertEqual(reason(gate(staleReason: "cursor_ahead")), "head_past_log")
        XCTAssertEqual(reason(gate(staleReason: "read_view_changed")), "reach_changed")
        XCTAssertEqual(reason(gate(slice: Slice(types: ["acme.gone"], tier: .all))), "slice_changed")
        XCTAssertEqual(reason(gate(slice: Slice(types: ["acme.*"], tier: .all))), "slice_changed")
        XCTAssertEqual(
            reason(gate(slice: Slice(types: ["core.note"], tier: .all, edgeTypes: ["acme.gone"]))), "slice_changed")
        XCTAssertEqual(reason(gate(grants: ["core.task": "write"])), "reach_changed")
        XCTAssertEqual(reason(gate(grants: ["*": "write", "core.note": "none", "core.note.daily": "none"])),
            "reach_changed")
    }
}
