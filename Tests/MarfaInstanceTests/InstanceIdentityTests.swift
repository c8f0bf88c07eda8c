import Foundation
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

final class InstanceIdentityTests: XCTestCase {
    func testRootAnswersTheInstanceIdAndContractWithoutACredential_P17() async throws {
        let harness = try await InstanceHarness.start()
        let answer = try await harness.send("GET", "/", key: .none)
        XCTAssertEqual(answer.status, 200)
        XCTAssertTrue(ItemID.isWellFormed(answer.object["instance_id"]?.string ?? ""))
        XCTAssertEqual(answer.object["contract"], 3)
        XCTAssertNotNil(answer.object["version"]?.string)
        XCTAssertNotNil(answer.object["features"]?.array)
        await harness.finish()
    }

    func testEveryAnswerCarriesTheContractHeaderAndARequestId_P5_P11() async throws {
        let harness = try await InstanceHarness.start()
        for (method, target, key) in [
            ("GET", "/", String?.none), ("GET", "/items", nil), ("GET", "/nowhere", nil), ("GET", "/items", "bad"),
        ] {
            let answer = try await harness.send(method, target, key: key.map { .some($0) } ?? .some(nil))
            XCTAssertEqual(answer.header("X-Marfa-Contract"), "3", "\(method) \(target)")
            XCTAssertNotNil(answer.header("X-Request-ID"))
        }
        let echoed = try await harness.send("GET", "/", headers: ["X-Request-ID": "abc_DEF-123"])
        XCTAssertEqual(echoed.header("X-Request-ID"), "abc_DEF-123")
        let fresh = try await harness.send("GET", "/", headers: ["X-Request-ID": "not valid!"])
        XCTAssertNotEqual(fresh.header("X-Request-ID"), "not valid!")
        await harness.finish()
    }

    func testUnknownPathsAndMethodsAnswerNotFoundNeverMethodNotAllowed_P50() async throws {
        let harness = try await InstanceHarness.start()
        for (method, target) in [
            ("GET", "/nowhere"), ("DELETE", "/types"), ("PUT", "/items"), ("GET", "/items/a/b/c/d/e"),
        ] {
            let answer = try await harness.send(method, target)
            XCTAssertEqual(answer.status, 404, "\(method) \(target)")
            XCTAssertEqual(answer.errorCode, "not_found")
            XCTAssertEqual(answer.header("X-Error-Code"), "not_found")
            XCTAssertNotNil(answer.object["error"]?.object?["message"]?.string)
        }
        await harness.finish()
    }

    func testMissingOrUnknownKeysAreUnauthorizedBeforeAnythingElse_P3() async throws {
        let harness = try await InstanceHarness.start()
        let missing = try await harness.send("GET", "/items", key: .none)
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(missing.errorCode, "unauthorized")
        let unknown = try await harness.send("GET", "/items?bogus=1", key: "marfa_k1_nope")
        XCTAssertEqual(unknown.status, 401, "the credential is checked before the query")
        let witness = try await harness.send("GET", "/items")
        XCTAssertEqual(witness.status, 200)
        let status1 = try await harness.send("GET", "/health", key: .none).status
        XCTAssertEqual(status1, 200)
        await harness.finish()
    }

    func testUndeclaredQueryKeysAreRefusedAndUnderscoreKeysIgnored_P14() async throws {
        let harness = try await InstanceHarness.start()
        let refused = try await harness.send("GET", "/items?zeta=1&alpha=2&limit=5")
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.errorCode, "validation_error")
        XCTAssertEqual(refused.details["unknown_parameters"], ["alpha", "zeta"])
        let status2 = try await harness.send("GET", "/items?_cache=1&limit=5").status
        XCTAssertEqual(status2, 200)
        let blank = try await harness.send("GET", "/items?type=%20")
        XCTAssertEqual(blank.status, 400)
        XCTAssertEqual(blank.details["empty_parameters"], ["type"])
        await harness.finish()
    }

    func testKeysCurrentDescribesTheCallingKey_P18() async throws {
        let harness = try await InstanceHarness.start()
        let full = try await harness.send("GET", "/keys/current")
        XCTAssertEqual(full.status, 200)
        XCTAssertEqual(full.object["type_permissions"], ["*": "write"])
        XCTAssertEqual(full.object["permissions"], ["items.purge"])
        XCTAssertNil(full.object["secret"])
        let narrowed = try await harness.instance.mintKey(KeyGrants(types: ["core.note": .read]))
        let answer = try await harness.send("GET", "/keys/current", key: narrowed)
        XCTAssertEqual(answer.object["type_permissions"], ["core.note": "read"])
        await harness.finish()
    }

    func testTheGeneratedOperatorKeyIsKeptWithMode0600AndReusedAtTheNextStart() async throws {
        let folder = InstanceHarness.freshFolder()
        let first = try await InstanceHarness.start(folder: folder)
        XCTAssertTrue(first.instance.operatorKeyWasGenerated)
        XCTAssertTrue(first.key.hasPrefix("marfa_k1_"))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/operator-key")
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        await first.stop()
        let second = try await InstanceHarness.start(folder: folder)
        XCTAssertEqual(second.key, first.key)
        XCTAssertFalse(second.instance.operatorKeyWasGenerated)
        let given = try await InstanceHarness.start(key: "marfa_k1_given")
        XCTAssertEqual(given.key, "marfa_k1_given")
        let status3 = try await given.send("GET", "/items").status
        XCTAssertEqual(status3, 200)
        await given.finish()
        await second.finish()
    }

    func testASecondInstanceCannotOpenAFolderInUse() async throws {
        let harness = try await InstanceHarness.start()
        let second = ReferenceInstance(configuration: ReferenceInstanceConfiguration(dataDirectory: harness.folder))
        do {
            _ = try await second.start()
            XCTFail("the folder is held")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "reading_handle")
        }
        await harness.finish()
    }
}
