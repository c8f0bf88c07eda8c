import Foundation
import Glibc
import MarfaSockets

/// Issue 26 point 6's load probe: starts `marfa instance serve` on loopback, holds `--idle` sockets that send
/// nothing and `--uploads` unkeyed uploads of a 7 MiB body sent 1 KiB per 100 ms, and measures keyed
/// `GET /items/{id}` latency (p50, p99) on one keep-alive connection and on a new connection per request, before and
/// under that load, with the instance's RSS. Usage: `instance-load-probe --marfa PATH [--port N] [--idle 1000]
/// [--uploads 50] [--requests 2000]`. Loopback only; bounded in sockets and requests.
let options = ProbeOptions(CommandLine.arguments.dropFirst())
OpenFileLimit.raiseToHardLimit()
do {
    let instance = try ServedInstance.start(binary: options.marfa, port: options.port, key: "marfa_k1_load_probe")
    defer { instance.stop() }
    let reader = try KeyedReader(instance: instance)
    print("instance-load-probe: marfa instance serve on 127.0.0.1:\(instance.port), item \(reader.itemID)")
    print(String(format: "  RSS before load: %.1f MiB", instance.residentMebibytes))
    reader.measure("quiet", requests: options.requests)
    let load = HostileLoad(port: instance.port, idleCount: options.idle, uploadCount: options.uploads)
    load.start()
    print("  holding \(options.idle) idle sockets and \(options.uploads) unkeyed 7 MiB uploads (1 KiB per 100 ms)")
    sleep(2)
    print(String(format: "  RSS under load: %.1f MiB", instance.residentMebibytes))
    reader.measure("under load", requests: options.requests)
    print(String(format: "  RSS under load, after the reads: %.1f MiB", instance.residentMebibytes))
    let tally = load.stop()
    print(
        "  load: \(tally.idleReopened) idle sockets reopened after the server closed them, "
            + "\(tally.uploadsStarted) uploads started, \(tally.uploadsRefused401) answered 401, "
            + "\(tally.connectFailures) connects failed")
} catch {
    print("instance-load-probe: \(error)")
    exit(1)
}
