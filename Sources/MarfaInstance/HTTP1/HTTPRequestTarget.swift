/// The path and query a request target names, decoded; the pure rules that turn a raw target into them.
package struct HTTPRequestTarget: Sendable, Equatable {
    /// The percent-decoded path: `/` and more for origin- and absolute-form targets, `*` for the asterisk form.
    package var path: String
    /// The query's `&`-separated pairs, percent-decoded with `+` read as a space, in order.
    package var queryItems: [HTTPQueryItem]

    /// Decodes a target in origin form (`/a?b=c`), absolute form (`http://host/a?b=c`) or asterisk form (`*`).
    /// Returns nil for any other form, a `#`, a control byte, a bad `%` escape, or escapes that are not UTF-8.
    package init?(_ raw: some Collection<UInt8>) {
        let bytes = Array(raw)
        guard !bytes.isEmpty, !bytes.contains(where: { $0 <= .space || $0 == 0x7F || $0 == UInt8(ascii: "#") }) else {
            return nil
        }
        if bytes == [UInt8(ascii: "*")] {
            path = "*"
            queryItems = []
            return
        }
        guard let originForm = Self.originForm(of: bytes) else { return nil }
        let queryStart = originForm.firstIndex(of: .questionMark)
        let rawPath = originForm[..<(queryStart ?? originForm.endIndex)]
        guard let path = Self.percentDecoded(rawPath, plusIsSpace: false) else { return nil }
        self.path = path
        guard let queryStart else {
            queryItems = []
            return
        }
        var items: [HTTPQueryItem] = []
        for pair in originForm[(queryStart + 1)...].split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            guard let name = Self.percentDecoded(pair[..<(equals ?? pair.endIndex)], plusIsSpace: true),
                let value = Self.percentDecoded(equals.map { pair[($0 + 1)...] } ?? [], plusIsSpace: true)
            else { return nil }
            items.append(HTTPQueryItem(name: name, value: value))
        }
        queryItems = items
    }

    private static func originForm(of bytes: [UInt8]) -> ArraySlice<UInt8>? {
        if bytes.first == .slash { return bytes[...] }
        let lowered = bytes.prefix(8).map(\.asciiLowercased)
        let schemeLength: Int
        if lowered.starts(with: Array("http://".utf8)) {
            schemeLength = 7
        } else if lowered.starts(with: Array("https://".utf8)) {
            schemeLength = 8
        } else {
            return nil
        }
        let afterScheme = bytes[schemeLength...]
        guard let pathStart = afterScheme.firstIndex(where: { $0 == .slash || $0 == .questionMark }) else {
            return afterScheme.isEmpty ? nil : [.slash]
        }
        if pathStart == afterScheme.startIndex { return nil }
        if bytes[pathStart] == .questionMark { return ArraySlice([.slash] + bytes[pathStart...]) }
        return bytes[pathStart...]
    }

    private static func percentDecoded(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) -> String? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case .percent:
                guard let high = iterator.next()?.hexDigitValue, let low = iterator.next()?.hexDigitValue else {
                    return nil
                }
                decoded.append(UInt8(high * 16 + low))
            case .plus where plusIsSpace:
                decoded.append(.space)
            default:
                decoded.append(byte)
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }
}
