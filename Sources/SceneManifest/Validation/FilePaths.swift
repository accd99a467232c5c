import Foundation

/// Keeps file providers inside the app folder.
public enum FilePaths {
    /// Whether `name` can name a file inside a folder and nothing else: ASCII letters,
    /// digits, space, `_`, `-` and `.`, starting with a letter or digit, at most 64 long.
    /// The app's `name` names its storage file (`STATE/NAME.json`), so `../x` must not pass.
    public static func isPlainFileName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), let first = name.unicodeScalars.first,
            first.isASCII, first.properties.isAlphabetic || ("0"..."9").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || " _-.".unicodeScalars.contains($0))
        }
    }

    /// Why `path` may not be read from an app rooted at `root`, or nil when it may.
    public static func confinementProblem(_ path: String, root: URL) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("~") { return "an absolute path outside the app folder" }
        if path.split(separator: "/").contains("..") { return "a path that climbs out with '..'" }
        let resolved = root.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath()
        // The root resolved the same way: an app named through '..' or a link is still itself.
        let real = root.standardizedFileURL.resolvingSymlinksInPath().path
        let rootPath = real.hasSuffix("/") ? real : real + "/"
        guard resolved.path.hasPrefix(rootPath) else { return "a link that leads outside the app folder" }
        return nil
    }
}
