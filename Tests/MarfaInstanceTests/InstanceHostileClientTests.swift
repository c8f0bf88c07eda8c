import Foundation
import MarfaInstance
import MarfaRules
import MarfaSockets
import MarfaTestSupport
import XCTest

/// Issue 26 point 6: the reference instance under clients without a key. Authentication is read from the head
/// before any body (P-3), idle and slow sockets cost no thread, and a keyed client is served while they are held.
final class InstanceHostileClientTests: XCTestCase {
    private static let sevenMebibytes = 7 * 1024 * 1024

    private static func unkeyedUploadHead(length: Int = sevenMebibytes) -> String {
        "POST /items HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
    }

    func testUnkeyedRequestWithABodyIsRefused401FromItsHeadBeforeTheBodyIsSent_Issue26_6_P3() async throws {
        let harness = try await InstanceHarness.start()
        let port = harness.port
        let (response, closed) = try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send(Self.unkeyedUploadHead())
            return (try client.readResponse(within: 30), client.waitForClose(within: 30))
        }
        XCTAssertEqual(response.status, 401, "refused from the head alone: not a byte of the 7 MiB body was sent")
        XCTAssertEqual(response.headers["X-Error-Code"], "unauthorized")
        XCTAssertEqual(response.headers["X-Marfa-Contract"], "3", "an application refusal carries the contract (P-5)")
        XCTAssertEqual(response.headers["Connection"], "close")
        let code = try JSONValue(jsonBytes: response.body).object?["error"]?.object?["code"]?.string
        XCTAssertEqual(code, "unauthorized", "the envelope of P-50")
        XCTAssertTrue(closed, "the connection is closed rather than left to send its body")
        await harness.finish()
    }

    func testAWrongKeyIsRefusedBeforeTheBodyAndDoorsWithoutAKeyStillAnswer_Issue26_6_P3() async throws {
        let harness = try await InstanceHarness.start()
        let port = harness.port
        let (wrongKey, root, keyed) = try await onThread {
            let refused = try RawHTTPClient(port: port)
            try refused.send(
                "PATCH /items/x HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer marfa_k1_nope\r\n"
                    + "Content-Length: 1000000\r\n\r\n")
            let wrongKey = try refused.readResponse(within: 30)
            let open = try RawHTTPClient(port: port)
            try open.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            let root = try open.readResponse(within: 30)
            let body = #"{"type":"core.note","properties":{"title":"kept","body":""}}"#
            try open.send(
                "POST /items HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(harness.key)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            return (wrongKey, root, try open.readResponse(within: 30))
        }
        XCTAssertEqual(wrongKey.status, 401)
        XCTAssertEqual(wrongKey.headers["X-Error-Code"], "unauthorized")
        XCTAssertEqual(root.status, 200, "GET / needs no key (P-3)")
        XCTAssertEqual(keyed.status, 201, "a keyed write with a body is read whole and served: \(keyed.bodyText)")
        await harness.finish()
    }

    func testAnUnkeyedRequestWithoutABodyIsRefused401AndItsConnectionEnds_Issue26_6_P3() async throws {
        let harness = try await InstanceHarness.start()
        let port = harness.port
        let (response, closed) = try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send("GET /items HTTP/1.1\r\nHost: t\r\n\r\n")
            return (try client.readResponse(within: 30), client.waitForClose(within: 30))
        }
        XCTAssertEqual(response.status, 401)
        XCTAssertEqual(response.headers["X-Marfa-Contract"], "3")
        XCTAssertEqual(response.headers["Connection"], "close", "an unkeyed client does not keep the connection")
        XCTAssertTrue(closed, "closed at once, not after the idle timeout")
        await harness.finish()
    }

    func testSixHundredIdleSocketsAndSlowUnkeyedUploadsDoNotStopAKeyedRead_Issue26_6() async throws {
        OpenFileLimit.raiseToHardLimit()
        let harness = try await InstanceHarness.start()
        let held = try await harness.note("held")
        let id = try XCTUnwrap(held["id"]?.string)
        let port = harness.port
        let key = harness.key
        let status = try await onThread {
            // More sockets than the 512 connection threads the server used to have, none of them sending a byte.
            let idle = try (0..<600).map { _ in try RawHTTPClient(port: port) }
            let uploads = try (0..<10).map { _ in try RawHTTPClient(port: port) }
            for upload in uploads {
                try? upload.send(Self.unkeyedUploadHead() + String(repeating: "x", count: 64 * 1024))
            }
            let keyed = try RawHTTPClient(port: port)
            try keyed.send("GET /items/\(id) HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(key)\r\n\r\n")
            let status = try keyed.readResponse(within: 30).status
            withExtendedLifetime((idle, uploads)) {}
            return status
        }
        XCTAssertEqual(status, 200, "the keyed read is answered while 600 idle sockets and 10 uploads are held")
        await harness.finish()
    }
}
