import Foundation

/// One answer from the instance as it came: status, headers (names lowercased) and body bytes.
package struct InstanceAnswer: Sendable {
    /// The HTTP status.
    package var status: Int
    /// Header values by lowercased name; a repeated header keeps every value.
    package var headers: [String: [String]]
    /// The body.
    package var body: Data

    /// Makes an answer.
    package init(status: Int, headers: [String: [String]], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, by case-insensitive name.
    package func header(_ name: String) -> String? {
        headers[name.lowercased()]?.first
    }

    /// Whether the status is 2xx.
    package var isSuccess: Bool { (200..<300).contains(status) }
}
