// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Marfa",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "MarfaRules"),
        .testTarget(name: "MarfaRulesTests", dependencies: ["MarfaRules"]),
    ],
    swiftLanguageModes: [.v6]
)
