import Foundation
import Marfa

/// The reference instance as its own process: `marfa --json instance serve` on an ephemeral loopback port with its
/// own data folder.
struct InstanceProcess {
    /// The running `marfa` process.
    let child: ChildProcess
    /// Requests straight to it.
    let link: InstanceLink

    /// Starts the instance from the `marfa` executable at `marfa` and waits (bounded) for the line naming its URL.
    static func start(marfa: URL, folder: URL, key: String) throws -> InstanceProcess {
        let data = folder.appendingPathComponent("instance")
        let child = try ChildProcess(
            executable: marfa,
            arguments: ["--json", "instance", "serve", "--data", data.path, "--port", "0", "--key", key],
            errorLog: folder.appendingPathComponent("instance.stderr"))
        guard let line = child.readLine(until: .now + .seconds(30)),
            let answer = try? JSONValue(json: line), let text = answer.object?["url"]?.string,
            let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text)
        else {
            child.killNow()
            throw DrillFailure("the reference instance did not start: \(child.errorTail())")
        }
        return InstanceProcess(child: child, link: InstanceLink(url: url, key: key))
    }

    /// Stops it gracefully (bounded), then kills it.
    func stop() {
        child.stop(until: .now + .seconds(20))
    }
}

/// A failure of the drill's own machinery (a process that would not start), not a finding about the copy.
struct DrillFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
