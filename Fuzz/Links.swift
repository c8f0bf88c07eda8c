// fuzz-modules: MarfaRules
import Foundation
import MarfaRules

/// `linkParts(in:)` (Sources/MarfaRules/Links): any text gives its links in order, each inside the text and after
/// the one before, and each part inside its link.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinks(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let length = text.utf16.count
    var previousEnd = 0
    for link in linkParts(in: text) {
        let whole = link.range.location..<link.range.location + link.range.length
        precondition(whole.lowerBound >= previousEnd && whole.upperBound <= length, "link \(whole) out of place")
        for piece in [link.name, link.heading, link.alias].compactMap({ $0 }) {
            precondition(whole.contains(piece.utf16Range) || piece.utf16Range.isEmpty, "part outside its link")
        }
        previousEnd = whole.upperBound
    }
    return 0
}

extension Range<Int> {
    fileprivate func contains(_ other: Range<Int>) -> Bool {
        other.lowerBound >= lowerBound && other.upperBound <= upperBound
    }
}
