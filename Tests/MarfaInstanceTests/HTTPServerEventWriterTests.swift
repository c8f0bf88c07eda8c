import MarfaInstance
import MarfaSockets
import XCTest

final class HTTPServerEventWriterTests: XCTestCase {
    private func makeWriter(limit: Int = 1024) throws -> SSEWriter {
        SSEWriter(maxBufferedBytes: limit) {}
    }

    func testQueuedFramesAreTakenOnceInOrder() throws {
        let writer = try makeWriter()
        try writer.send(SSEEvent(data: "a"))
        try writer.sendComment("c")
        XCTAssertEqual(writer.bufferedByteCount, 13)
        let taken = writer.takePending()
        XCTAssertEqual(String(decoding: taken.bytes, as: UTF8.self), "data: a\n\n:c\n\n")
        XCTAssertFalse(taken.producerFinished)
        XCTAssertTrue(writer.takePending().bytes.isEmpty)
        writer.close()
    }

    func testAFrameBeyondTheBufferLimitIsRefusedAndTheStreamStaysOpen() throws {
        let writer = try makeWriter(limit: 20)
        XCTAssertThrowsError(try writer.send(SSEEvent(data: String(repeating: "x", count: 30)))) {
            XCTAssertEqual($0 as? SSEWriterError, .bufferFull)
        }
        XCTAssertNoThrow(try writer.send(SSEEvent(data: "small")))
        XCTAssertFalse(writer.isClosed)
        writer.close()
    }

    func testAfterCloseSendsThrowAndWaitersLearnTheConnectionClosed() async throws {
        let writer = try makeWriter()
        async let end = writer.waitForEnd()
        writer.close()
        let reason = await end
        XCTAssertEqual(reason, .connectionClosed)
        XCTAssertTrue(writer.isClosed)
        XCTAssertThrowsError(try writer.send(SSEEvent(data: "late"))) {
            XCTAssertEqual($0 as? SSEWriterError, .closed)
        }
        let again = await writer.waitForEnd()
        XCTAssertEqual(again, .connectionClosed, "a late waiter returns at once")
    }

    func testStoppingWakesWaitersButStillAcceptsAFinalFrame() async throws {
        let writer = try makeWriter()
        async let first = writer.waitForEnd()
        async let second = writer.waitForEnd()
        XCTAssertFalse(writer.isServerStopping)
        writer.markServerStopping()
        let reasons = await [first, second]
        XCTAssertEqual(reasons, [.serverStopping, .serverStopping])
        XCTAssertTrue(writer.isServerStopping)
        XCTAssertNoThrow(try writer.send(SSEEvent(event: "stream_incomplete", data: "{}")))
        writer.markProducerFinished()
        XCTAssertTrue(writer.takePending().producerFinished)
        XCTAssertThrowsError(try writer.send(SSEEvent(data: "after return")))
        writer.close()
    }

    func testAWaiterWhoseTaskIsCancelledReturnsCancelled() async throws {
        let writer = try makeWriter()
        let waiting = Task { await writer.waitForEnd() }
        waiting.cancel()
        let reason = await waiting.value
        XCTAssertEqual(reason, .cancelled)
        XCTAssertFalse(writer.isClosed)
        writer.close()
    }
}
