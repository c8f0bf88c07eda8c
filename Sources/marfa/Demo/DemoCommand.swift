import Foundation
import Marfa

/// `marfa demo`: seed 002's tutorial played end to end with no configuration, a reference instance on a loopback port
/// and a working copy of it (`Tutorial`): the Reading List notes, links checked as they are saved, a search with
/// snippets, a typed filter, an offline rename merged with another device's, and a body conflict's conflicted copy.
enum DemoCommand {
    static let spec = CommandSpec(
        usage: "demo [--dir D]", summary: "seed 002's tutorial against a loopback instance, end to end",
        options: ["dir"])

    static func run(_ words: ArraySlice<String>, printer: Printer) async throws -> Int32 {
        let arguments = try ParsedArguments(words, spec: spec)
        let folder = arguments.value("dir").map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("marfa-demo-\(ItemID.make())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let say = { (line: String) in printer.note(line) }
        let instance = try await LoopbackInstance.start(
            dataDirectory: folder.appendingPathComponent("instance").path, key: nil)
        say("Reference instance answering at \(instance.url.absoluteString)")
        let store = folder.appendingPathComponent("copy")
        var tutorial = Tutorial(instance: instance, store: store, say: say)
        do {
            try await tutorial.run()
        } catch {
            await tutorial.instance.stop()
            throw error
        }
        await tutorial.instance.stop()
        if printer.json {
            var answer = tutorial.found
            answer["instance"] = .string(tutorial.instance.url.absoluteString)
            answer["store"] = .string(store.path)
            answer["steps"] = .array(tutorial.steps)
            printer.answer(.object(answer))
        }
        return 0
    }
}
