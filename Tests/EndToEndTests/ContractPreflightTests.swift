import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// The contract check comes first (P-17, WC-73, WC-74; issue 28 point 3, Decision 0089): the command line reads
/// `GET /` without the key; a root naming another contract or none refuses every command that talks to the
/// instance `contract_mismatch` with nothing else sent; a match lets the next request carry the key.
final class ContractPreflightTests: FrontedInstanceCase {
    /// Scripts the root: `contract` in its body (left out when nil), and that contract in its header.
    private func scriptRoot(contract: Int64?) {
        front.script { request, _ in
            guard request.path == "/" else { return nil }
            var headers = HTTPHeaders()
            headers.add("X-Marfa-Contract", String(contract ?? 3))
            var body: JSONObject = ["instance_id": "scripted", "version": "scripted", "features": []]
            body["contract"] = contract.map(JSONValue.integer)
            return .json(headers: headers, text: (try? JSONValue.object(body).json()) ?? "{}")
        }
    }

    private func root(_ words: [String]) throws -> DeviceOutcome {
        DeviceOutcome(try runMarfa(["--json", "--url", harness.url.absoluteString, "--key", harness.key] + words))
    }

    func testAHydrateAgainstAnotherContractSendsOnlyTheKeylessRoot_WC73_Issue28_3() throws {
        scriptRoot(contract: 4)
        let refused = try harness.device(["hydrate", "--types", "core.note", "--tier", "all"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.code, "contract_mismatch", refused.stderr)
        XCTAssertEqual(front.lines, ["GET /"])
        XCTAssertNil(front.seen.first?.authorization, "the key went to a server on another contract")
    }

    func testARootNamingNoContractRefusesADrainAndAPlainRead_WC73_Issue28_3() throws {
        scriptRoot(contract: nil)
        let drained = try harness.device(["drain"])
        XCTAssertEqual(drained.status, 1, drained.stderr)
        XCTAssertEqual(drained.code, "contract_mismatch", drained.stderr)
        let listed = try root(["items", "list"])
        XCTAssertEqual(listed.status, 1, listed.stderr)
        XCTAssertEqual(listed.code, "contract_mismatch", listed.stderr)
        XCTAssertEqual(front.lines, ["GET /", "GET /"], "nothing but the root was sent")
        XCTAssertTrue(front.seen.allSatisfy { $0.authorization == nil })
    }

    func testARootOnThisContractLetsTheNextRequestCarryTheKey_WC73_Issue28_3() throws {
        let listed = try root(["items", "list"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(front.lines, ["GET /", "GET /items"])
        XCTAssertNil(front.seen.first?.authorization)
        XCTAssertEqual(front.seen.last?.authorization, "Bearer \(harness.key)")
    }

    func testRootLevelStatusNamesTheServedAndBuiltForContracts_P17_Issue28_3() throws {
        scriptRoot(contract: 4)
        let status = try root(["status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertEqual(status.answer?.object?["contract"], ["served": 4, "built_for": 3])
        XCTAssertTrue(front.seen.allSatisfy { $0.authorization == nil }, "status hands the key to nobody")
    }
}
