#!/usr/bin/env bash
# Compiles the Swift that `scenery generate swift` and `scenery new scene --swift` write, in
# a scratch package that depends on this one: generated code must build as generated.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/Generated" "$scratch/Tests/GeneratedTests"
# SwiftPM names a path dependency after its folder.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
cat > "$scratch/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Generated",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "$root")],
    targets: [
        .target(name: "Generated", dependencies: [.product(name: "VIP", package: "$identity")]),
        .testTarget(name: "GeneratedTests", dependencies: ["Generated", .product(name: "VIP", package: "$identity"), .product(name: "VIPTesting", package: "$identity")]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
scenery="$root/.build/debug/scenery"
# Every sample scene, and a fixture made to trip the generator: use cases named like models
# and like the types generated code names, typed model paths, optionals, lists, keywords, and
# a scene without its app.
for scene in "$root"/Scenes/*/scenes/*.json "$root"/Tests/SceneryCLITests/Fixtures/*/scenes/*.json "$root"/Tests/SceneryCLITests/Fixtures/*.json; do
  # Scenes/Broken is broken on purpose.
  case "$scene" in "$root"/Scenes/Broken/*) continue ;; esac
  "$scenery" generate swift "$scene" --output "$scratch/Sources/Generated/$(basename "$scene" .json).swift"
done
# A scene scaffolded with --swift: its module and its test compile too.
app="$scratch/App"
mkdir -p "$app/scenes"
printf '{"formatVersion": 1, "name": "T", "entry": "Main"}\n' > "$app/app.json"
(cd "$scratch" && "$scenery" new scene Wishlist --in "$app" --swift --module Generated --swift-dir Sources/Generated --tests-dir Tests/GeneratedTests)
"$scenery" validate "$app/scenes/Wishlist.json"
cd "$scratch"
swift build --build-tests
swift test
echo "generated Swift compiles"
