import Foundation
import SceneManifest

extension FuzzTarget {
    /// A scene file validated twice, in memory: inside an app (the Shop's app.json, locales
    /// and data, with a small stand-in for each of its other scenes, so routes and shared
    /// state resolve) and alone, as `scenery validate FILE` takes it.
    static let scene = FuzzTarget(name: "scene", summary: "whole-scene validation, in an app and alone") { bytes in
        let inApp = Validator.validate(path: FuzzApp.app, files: InMemoryFiles([FuzzApp.scene: bytes], over: FuzzApp.files))
        let alone = Validator.validate(path: FuzzApp.alone, files: InMemoryFiles([FuzzApp.alone: bytes]))
        for finding in inApp.diagnostics + alone.diagnostics {
            require(finding.line >= 1 && finding.column >= 1, "finding without a position: \(finding)")
        }
    }
}

/// The app the scene target validates each input in, held in memory.
enum FuzzApp {
    static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Scenes/Shop").standardizedFileURL.path
    /// The Shop sample, validated once: its use cases and models feed the input and http targets.
    static let shopApp = Validator.validate(path: shop).app
    static let otherScenes = ["Launch", "Catalog", "Cart", "Checkout", "Deals", "Login", "Orders", "Product", "Rewards"]

    static let app = "/fuzz/app"
    static let scene = "/fuzz/app/scenes/Fuzz.json"
    static let alone = "/fuzz/alone/Fuzz.json"

    /// The Shop's app.json, string tables and data, and a stand-in for each other scene.
    static let files = InMemoryFiles(
        { () -> [String: [UInt8]] in
            var files: [String: [UInt8]] = [:]
            for file in ["app.json", "locales/en.json", "locales/ru.json", "data/products.json"] {
                guard let bytes = FileManager.default.contents(atPath: "\(shop)/\(file)") else {
                    require(false, "cannot read the Shop sample's '\(file)' in \(shop)")
                    return [:]
                }
                files["\(app)/\(file)"] = Array(bytes)
            }
            for name in otherScenes {
                files["\(app)/scenes/\(name).json"] = Array(
                    #"{ "formatVersion": 1, "scene": "\#(name)", "view": [ { "type": "text", "text": "\#(name)" } ] }"#.utf8)
            }
            return files
        }())
}
