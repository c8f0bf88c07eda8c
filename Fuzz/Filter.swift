// fuzz-modules: MarfaRules
@testable import MarfaRules

/// The filter grammar (Sources/MarfaRules/Grammar): any text either reads as a filter or is refused with a
/// `MarfaError`, and a filter that reads writes back as text that reads as the same filter.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let expression = try? FilterExpression(decoding: text) else { return 0 }
    guard let encoded = try? expression.encoded() else { return 0 }
    guard let again = try? FilterExpression(decoding: encoded) else {
        fatalError("\(text.debugDescription) wrote back as \(encoded.debugDescription), which does not read")
    }
    guard again == expression else {
        fatalError("\(text.debugDescription) wrote back as \(encoded.debugDescription), which reads otherwise")
    }
    return 0
}
