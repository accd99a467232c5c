import Foundation
import SceneManifest

extension FuzzTarget {
    /// A scene file validated twice: inside an app (the Shop's app.json, locales and data,
    /// with a small stand-in for each of its other scenes, so routes and shared state
    /// resolve) and alone, as `scenery validate FILE` takes it.
    static let scene = FuzzTarget(name: "scene", summary: "whole-scene validation, in an app and alone") { bytes in
        let folders = FuzzApp.folders
        FuzzApp.write(bytes, to: folders.inApp)
        FuzzApp.write(bytes, to: folders.alone)
        let inApp = Validator.validate(path: folders.app)
        let alone = Validator.validate(path: folders.alone)
        for finding in inApp.diagnostics + alone.diagnostics {
            require(finding.line >= 1 && finding.column >= 1, "finding without a position: \(finding)")
        }
    }
}

/// The scratch app the scene target writes into, made once per process.
enum FuzzApp {
    static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Scenes/Shop").standardizedFileURL.path
    /// The Shop sample, validated once: its use cases and models feed the input and http targets.
    static let shopApp = Validator.validate(path: shop).app
    static let otherScenes = ["Launch", "Catalog", "Cart", "Checkout", "Deals", "Login", "Orders", "Product", "Rewards"]

    static let folders: (app: String, inApp: String, alone: String) = {
        let root = NSTemporaryDirectory() + "scenery-fuzz-\(ProcessInfo.processInfo.processIdentifier)"
        let app = root + "/app"
        let manager = FileManager.default
        for folder in ["scenes", "locales", "data"] {
            try? manager.createDirectory(atPath: "\(app)/\(folder)", withIntermediateDirectories: true)
        }
        try? manager.createDirectory(atPath: root + "/alone", withIntermediateDirectories: true)
        for file in ["app.json", "locales/en.json", "locales/ru.json", "data/products.json"] {
            try? manager.copyItem(atPath: "\(shop)/\(file)", toPath: "\(app)/\(file)")
        }
        for name in otherScenes {
            let text = #"{ "formatVersion": 1, "scene": "\#(name)", "view": [ { "type": "text", "text": "\#(name)" } ] }"#
            try? Data(text.utf8).write(to: URL(fileURLWithPath: "\(app)/scenes/\(name).json"))
        }
        return (app, "\(app)/scenes/Fuzz.json", "\(root)/alone/Fuzz.json")
    }()

    static func write(_ bytes: [UInt8], to path: String) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            require(false, "cannot write the scratch scene '\(path)': \(error)")
        }
    }
}
