// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Marfa",
    products: [
        .library(name: "Marfa", targets: ["Marfa"]),
        .executable(name: "marfa", targets: ["marfa"]),
    ],
    targets: [
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        .target(name: "MarfaLocks"),
        .target(name: "MarfaRules"),
        .systemLibrary(name: "CChecksum"),
        .target(name: "MarfaStorage", dependencies: ["CZstd", "CChecksum", "MarfaLocks"]),
        .target(name: "MarfaEngine", dependencies: ["MarfaRules", "MarfaStorage", "MarfaLocks"]),
        .systemLibrary(name: "CEpoll"),
        .target(name: "MarfaSockets", dependencies: ["CEpoll", "MarfaLocks"]),
        .target(name: "Marfa", dependencies: ["MarfaRules", "MarfaEngine", "MarfaSockets", "MarfaLocks"]),
        .target(name: "MarfaInstance", dependencies: ["MarfaRules", "MarfaStorage", "MarfaSockets", "MarfaLocks"]),
        .executableTarget(
            name: "marfa", dependencies: ["Marfa", "MarfaEngine", "MarfaInstance", "MarfaSockets", "MarfaLocks"]),
        .executableTarget(name: "marfa-crash-drill", dependencies: ["MarfaEngine", "MarfaRules", "MarfaTestSupport"]),
        .executableTarget(
            name: "marfa-corruption-drill", dependencies: ["MarfaEngine", "MarfaRules", "MarfaStorage"]),
        .executableTarget(name: "marfa-chaos-drill", dependencies: ["Marfa", "MarfaRules", "MarfaSockets"]),
        .systemLibrary(
            name: "CSQLite", path: "Benchmarks/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .executableTarget(
            name: "marfa-bench", dependencies: [
                "MarfaEngine", "MarfaRules", "MarfaStorage", "Marfa", "MarfaInstance", "CSQLite", "CZstd", "MarfaLocks",
            ],
            path: "Benchmarks/marfa-bench"),
        .executableTarget(
            name: "http-probe", dependencies: ["MarfaInstance", "MarfaLocks", "MarfaSockets"], path: "Benchmarks/http-probe"),
        .executableTarget(
            name: "instance-load-probe", dependencies: ["MarfaSockets", "MarfaLocks"], path: "Benchmarks/instance-load-probe"),
        .executableTarget(
            name: "commit-probe", dependencies: ["MarfaEngine", "MarfaRules"], path: "Benchmarks/commit-probe"),
        .executableTarget(name: "storage-probe", dependencies: ["MarfaStorage"], path: "Benchmarks/storage-probe"),
        .target(
            name: "MarfaTestSupport", dependencies: ["Marfa", "MarfaEngine", "MarfaRules", "MarfaInstance", "MarfaLocks"],
            path: "Tests/MarfaTestSupport"),
        .testTarget(name: "MarfaRulesTests", dependencies: ["MarfaRules"]),
        .testTarget(name: "MarfaStorageTests", dependencies: ["MarfaStorage", "MarfaLocks"]),
        .testTarget(name: "MarfaEngineTests", dependencies: ["MarfaEngine", "MarfaRules", "MarfaTestSupport"]),
        .testTarget(
            name: "MarfaTests", dependencies: ["Marfa", "MarfaStorage", "MarfaSockets", "MarfaLocks", "MarfaTestSupport"]),
        .testTarget(name: "MarfaInstanceTests", dependencies: ["MarfaInstance", "MarfaSockets", "MarfaTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Marfa", "MarfaInstance", "MarfaSockets", "MarfaLocks", "MarfaTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
