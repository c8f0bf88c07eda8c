// fuzz-modules: MarfaRules
@testable import MarfaRules

/// The JSON parser (Sources/MarfaRules/JSON): any bytes either parse or are refused with a `MarfaError`, and a
/// document that parses prints as text that parses back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONValue(jsonBytes: bytes) else { return 0 }
    guard let text = try? value.json() else { fatalError("a parsed value does not print: \(value)") }
    guard let again = try? JSONValue(json: text) else { fatalError("printed text does not parse: \(text)") }
    guard again == value else { fatalError("round trip changed \(value) into \(again)") }
    return 0
}
