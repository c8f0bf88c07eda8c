import Foundation
@testable import Marfa
import XCTest

final class ContractCheckTests: XCTestCase {
    private func answer(_ status: Int, _ contracts: [String]) -> InstanceAnswer {
        InstanceAnswer(status: status, headers: contracts.isEmpty ? [:] : ["x-marfa-contract": contracts], body: Data())
    }

    func testOnlyTheExactContractPasses_WC73() {
        XCTAssertNil(ContractCheck.mismatch(in: answer(200, ["3"]), server: "s", isWrite: false))
        XCTAssertNil(ContractCheck.mismatch(in: answer(200, ["3", "3"]), server: "s", isWrite: false))
        for contracts in [["30"], ["3.1"], ["2"], ["3", "4"]] {
            XCTAssertNotNil(ContractCheck.mismatch(in: answer(200, contracts), server: "s", isWrite: false), "\(contracts)")
        }
    }

    func testASuccessWithNoHeaderIsAMismatchButARefusalWithNoneIsPassedOn_WC73_WC75() {
        XCTAssertNotNil(ContractCheck.mismatch(in: answer(200, []), server: "s", isWrite: false))
        XCTAssertNil(ContractCheck.mismatch(in: answer(404, []), server: "s", isWrite: false))
        XCTAssertNotNil(ContractCheck.mismatch(in: answer(404, ["4"]), server: "s", isWrite: false))
    }

    func testTheMismatchMessageNamesServerContractsAndStatus_WC74() throws {
        let error = try XCTUnwrap(ContractCheck.mismatch(in: answer(200, ["4"]), server: "http://host:1", isWrite: false))
        XCTAssertEqual(error.code(), "contract_mismatch")
        for part in ["http://host:1", "4", "3", "200", "no write was sent"] {
            XCTAssertTrue(error.message.contains(part), "\(part) missing from \(error.message)")
        }
        let silent = try XCTUnwrap(ContractCheck.mismatch(in: answer(200, []), server: "http://host:1", isWrite: true))
        XCTAssertTrue(silent.message.contains("may not be a Marfa server"))
        XCTAssertFalse(silent.message.contains("no write was sent"))
    }

    func testRefusedReadsAreClassifiedByStatusAndCode_P54() {
        func refused(_ status: Int, _ code: String, retryAfter: String? = nil) -> MarfaError {
            var headers: [String: [String]] = ["x-marfa-contract": ["3"]]
            if let retryAfter { headers["retry-after"] = [retryAfter] }
            let body = Data(#"{"error":{"code":"\#(code)","message":"m","details":{"field":"f"}}}"#.utf8)
            return ErrorEnvelope.readError(InstanceAnswer(status: status, headers: headers, body: body))
        }
        XCTAssertEqual(refused(400, "unknown_type").code(), "unknown_type")
        XCTAssertEqual(refused(400, "validation_error"), .validation(code: "validation_error", message: "m",
                                                                      details: ["field": "f"]))
        XCTAssertEqual(refused(401, "unauthorized").code(), "unauthorized")
        XCTAssertEqual(refused(403, "type_not_permitted").serverCode, "type_not_permitted")
        XCTAssertEqual(refused(404, "item_not_found").code(), "not_found")
        XCTAssertEqual(refused(429, "rate_limited", retryAfter: "7"),
                       .rateLimited(code: "rate_limited", message: "m", retryAfterSeconds: 7))
        XCTAssertEqual(refused(503, "write_contention").code(), "server")
    }
}
