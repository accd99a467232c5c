import Foundation

/// An app named `App` for the eject tests, written into a new temporary folder: `app.json`
/// with `extra` keys after its entry, and `scenes/Main.json`. Returns the app folder; its
/// parent is free for what eject writes.
func writeEjectApp(extra: String = "", main scene: String) throws -> URL {
    let app = scratchFolder.appendingPathComponent("scenery-eject-\(UUID().uuidString)/App")
    try FileManager.default.createDirectory(at: app.appendingPathComponent("scenes"), withIntermediateDirectories: true)
    try Data(#"{"formatVersion": 1, "name": "App", "entry": "Main"\#(extra)}"#.utf8).write(to: app.appendingPathComponent("app.json"))
    try Data(scene.utf8).write(to: app.appendingPathComponent("scenes/Main.json"))
    return app
}
