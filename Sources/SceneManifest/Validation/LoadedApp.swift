import Foundation
import ScenerySupport

/// An app read from disk: its definition, its scenes, and its string tables. The findings
/// made while reading them are the ``ValidationReport``'s, which holds it.
public struct LoadedApp: Sendable {
    /// The app folder.
    public let root: URL
    public let app: AppDefinition
    /// Scenes by name.
    public let scenes: [String: SceneDefinition]
    /// String tables by locale file name (`en`, `ru_RU`).
    public let strings: [String: [String: String]]

    public var sceneNames: [String] { scenes.keys.sorted() }
}

/// The outcome of validating a path.
public struct ValidationReport: Sendable {
    /// Findings, file by file, each file's in file order.
    public var diagnostics: [Diagnostic] = []
    /// The app, when the path was an app and it could be read (possibly with findings).
    public var app: LoadedApp?

    /// The app definition, when the path was an app or a scene inside one.
    public var appDefinition: AppDefinition? { app?.app ?? enclosingApp }
    /// Set when a scene inside an app was validated with its app.
    public var enclosingApp: AppDefinition?
    /// Scenes decoded for the path, by name.
    public var scenes: [String: SceneDefinition] = [:]

    /// The scene a scene file at `path` decoded to.
    public func sceneDefinition(at path: String) -> SceneDefinition? {
        let name = PathText.baseName(of: path)
        return scenes[name] ?? app?.scenes[name]
    }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    public var hasErrors: Bool { errorCount > 0 }
}
