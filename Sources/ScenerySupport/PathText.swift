import Foundation

/// Path arithmetic on strings, as `NSString`'s path methods do it — which on Linux trap on a
/// one-character path (`("x" as NSString).deletingLastPathComponent`), so Scenery never calls them.
package enum PathText {
    /// The path without its last component: `a/b/c.json` → `a/b`, `c.json` → ``,
    /// `/c.json` → `/`, `a/b/` → `a`.
    package static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    /// The last component: `a/b/c.json` → `c.json`, `a/b/` → `b`.
    package static func lastComponent(of path: String) -> String {
        // The common case, a path with no trailing slash: what follows its last slash.
        if let last = path.utf8.last, last != UInt8(ascii: "/") {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
            return String(path[path.utf8.index(after: slash)...])
        }
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "/" { return "/" }
        return String(trimmed.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }

    /// The last component without its extension: `a/Cart.json` → `Cart`, `.hidden` → `.hidden`.
    package static func baseName(of path: String) -> String {
        let last = lastComponent(of: path)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }

    /// The path with `.` components, repeated and trailing slashes gone and each `..`
    /// folded into the component before it, without touching the disk:
    /// `a/./b//../c/` → `a/c`, `/x/..` → `/`, `../a` stays. An empty result is ``.
    /// Whether no component is empty (past a leading slash), `.` or `..`: read in one pass
    /// over the bytes, with no array made, as a server asks it for every file on each edit.
    static func isPlain(_ path: String) -> Bool {
        var length = 0  // the current component's length, up to 3
        var dots = 0  // how many of its bytes are dots, while it is all dots
        var index = 0
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        for byte in path.utf8 {
            if byte == slash {
                // An empty component is allowed only first (a leading slash), with more after it.
                if length == 0, index > 0 { return false }
                if length > 0, length == dots, length <= 2 { return false }
                length = 0
                dots = 0
            } else {
                if byte == dot, dots == length { dots += 1 }
                length = min(length + 1, 3)
            }
            index += 1
        }
        if index == 0 { return false }
        if length == 0 { return false }  // a trailing slash
        return !(length == dots && length <= 2)
    }

    package static func normalized(_ path: String) -> String {
        // Most paths are already plain (no empty, `.` or `..` component past a leading
        // slash); they come back as they are.
        if isPlain(path) || path == "/" { return path }
        let absolute = path.hasPrefix("/")
        var components: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == "..", let last = components.last, last != ".." {
                components.removeLast()
            } else if component == "..", absolute {
                continue  // `/..` is `/`
            } else {
                components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// `path` from the root, normalized: as given when it starts with `/`, else below the
    /// current folder.
    package static func absolute(_ path: String) -> String {
        normalized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// `path` as seen from `folder`, both absolute and normalized: `/a/b/c` from `/a/d` is
    /// `../b/c`; the same path is `.`.
    package static func relative(_ path: String, from folder: String) -> String {
        let target = normalized(path).split(separator: "/")
        let base = normalized(folder).split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
