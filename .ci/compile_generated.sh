#!/usr/bin/env bash
# Compiles the Swift that `scenery generate swift` and `scenery new scene --swift` write, in
# a scratch package that depends on this one: generated code must build as generated, and
# `new scene --swift` must add its targets to the package's Package.swift itself.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/Generated"
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
        // An app ejected by scenery eject, a scene of it a view alone, with its own executable and its
        // transcripts as tests.
        .target(name: "MenuScenes", dependencies: [
            .product(name: "SceneRuntime", package: "$identity"), .product(name: "SceneManifest", package: "$identity"),
            .product(name: "VIP", package: "$identity")]),
        .executableTarget(name: "menu", dependencies: [
            "MenuScenes", .product(name: "SceneryCLI", package: "$identity"), .product(name: "SceneRuntime", package: "$identity")]),
        .testTarget(name: "MenuScenesTests", dependencies: [
            "MenuScenes", .product(name: "SceneTesting", package: "$identity"), .product(name: "SceneRuntime", package: "$identity"),
            .product(name: "SceneManifest", package: "$identity")]),
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
# Scenes scaffolded with --swift, from every built-in template and a team's own, each a
# module of its own whose targets `new scene` adds to Package.swift (depending on Scenery by
# the identity the file already uses): their modules and their tests compile, and the
# tests pass.
app="$scratch/App"
mkdir -p "$app/scenes"
printf '{"formatVersion": 1, "name": "T", "entry": "Main"}\n' > "$app/app.json"
new_scene() {
  output=$(cd "$scratch" && "$scenery" new scene "$@" --in "$app" --swift)
  printf '%s\n' "$output"
  grep -qx 'updated Package.swift' <<<"$output" || { echo "new scene $1 did not update Package.swift" >&2; exit 1; }
  grep -q "name: \"$1Tests\", dependencies: \[\"$1\", .product(name: \"VIP\", package: \"$identity\")" "$scratch/Package.swift" \
    || { echo "Package.swift has no test target for $1 depending on '$identity'" >&2; exit 1; }
  "$scenery" validate "$app/scenes/$1.json"
}
new_scene Wishlist
new_scene Wallet --template stt
new_scene Purse --template stt --custom-router --no-interactor
new_scene Basket --template clean-swift --use-case Search
# A team template: copied from a built-in one, then edited (a file of its own added).
(cd "$scratch" && "$scenery" new template team --from stt)
mkdir -p "$scratch/Templates/team/sources/{{Name}}/Analytics"
printf 'public enum {{Name}}Analytics {\n    public static let screen = "{{name}}"\n}\n' > "$scratch/Templates/team/sources/{{Name}}/Analytics/{{Name}}Analytics.swift"
new_scene Ledger --template team --option customRouter=true
test -f "$scratch/Sources/Ledger/Ledger/Analytics/LedgerAnalytics.swift"
test -f "$scratch/Sources/Ledger/Ledger/Router/LedgerRouter.swift"
# A module that is already a target is refused, and Package.swift is left as it was.
before=$(cksum < "$scratch/Package.swift")
if (cd "$scratch" && "$scenery" new scene Drawer --in "$app" --swift --module Wallet 2>/dev/null); then
  echo "new scene --module Wallet was not refused" >&2; exit 1
fi
test "$before" = "$(cksum < "$scratch/Package.swift")"
test ! -e "$app/scenes/Drawer.json"
# The Menu app ejected whole: Home has no use case, so its view is ejected alone.
menu="$scratch/Menu"
cp -R "$root/Tests/SceneryCLITests/Fixtures/Eject/Menu" "$menu"
ejected=$("$scenery" eject "$menu" --all --output "$scratch/Sources" --tests "$scratch/Tests")
printf '%s\n' "$ejected"
grep -qx "note: 'Home' has no use case to eject: its view is ejected alone" <<<"$ejected"
test -f "$scratch/Sources/MenuScenes/Home/HomeView.swift"
test ! -e "$scratch/Sources/MenuScenes/Home/HomeBuilder.swift"
mkdir -p "$scratch/Sources/menu"
cat > "$scratch/Sources/menu/main.swift" <<'SWIFT'
import MenuScenes
import SceneRuntime
import SceneryCLI

let registry = SceneRegistry()
MenuScenes.register(into: registry)
await SceneryCommand.main(registry: registry)
SWIFT
cd "$scratch"
swift build --build-tests
swift test
# The ejected app passes the app's transcripts, its views in Swift.
.build/debug/menu test "$menu" | tee /dev/stderr | grep -qx '1 passed, 0 failed'
echo "generated Swift compiles"
