import Dispatch
import Foundation
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

/// The HTTP server's event loop checks keys from request heads (Issue 26 point 6, P-3), so a key check must not wait
/// for the state lock that long reads hold.
final class InstanceKeyTableTests: XCTestCase {
    func testAKeyIsFoundWhileALongReadHoldsTheStateLock_Issue26_6_P3() async throws {
        let folder = InstanceHarness.freshFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (persistence, state, _) = try InstancePersistence.open(at: folder)
        let core = InstanceCore(
            state: state, persistence: persistence, operatorKey: .operatorKey(secret: "marfa_k1_op", createdAt: ""),
            streamCapacity: 4, snapshotThreshold: .max)
        let minted = AccessKey.operatorKey(secret: "marfa_k1_minted", createdAt: "")
        _ = await core.write(claim: nil) { _ throws(MarfaInstance.Refusal) in
            WritePlan(changes: [.putKey(minted)], reply: .ok([:]))
        }
        let readHolds = DispatchSemaphore(value: 0)
        let releaseRead = DispatchSemaphore(value: 0)
        Thread {
            _ = try? core.read { _ throws(MarfaInstance.Refusal) in
                readHolds.signal()
                releaseRead.wait()
            }
        }.start()
        readHolds.wait()
        let found = Locked<String?>(nil)
        let looked = DispatchSemaphore(value: 0)
        Thread {
            found.update { $0 = core.key(forSecret: "marfa_k1_minted")?.secret }
            looked.signal()
        }.start()
        let answered = looked.wait(timeout: .now() + 10) == .success
        releaseRead.signal()
        if !answered { looked.wait() }
        XCTAssertTrue(answered, "the key check did not wait for the read holding the state lock")
        XCTAssertEqual(found.current, "marfa_k1_minted")
        XCTAssertNil(core.key(forSecret: "marfa_k1_unknown"))
        await core.close()
    }
}
