import Testing

@testable import ScenerySupport

/// Path arithmetic that Foundation's NSString traps on under Linux for one-character paths.
@Suite struct PathTextTests {
    @Test(arguments: [
        ("x/J.json", "x"), ("x", ""), ("", ""), ("/", "/"), ("/a", "/"), ("a/b/c.json", "a/b"), ("a/b/", "a"), ("a//b", "a"),
        ("./J.json", ".")
    ])
    func parent(path: String, expected: String) {
        #expect(PathText.parent(of: path) == expected)
    }

    @Test(arguments: [("x/J.json", "J.json"), ("x", "x"), ("a/b/", "b"), ("/", "/"), ("", "")])
    func lastComponent(path: String, expected: String) {
        #expect(PathText.lastComponent(of: path) == expected)
    }

    @Test(arguments: [("x/Cart.json", "Cart"), ("a.b.json", "a.b"), (".hidden", ".hidden"), ("J", "J")])
    func baseName(path: String, expected: String) {
        #expect(PathText.baseName(of: path) == expected)
    }

    @Test(arguments: [
        ("a/./b//../c/", "a/c"), ("/x/..", "/"), ("/..", "/"), ("../a", "../a"), ("a/../..", ".."), (".", ""), ("", ""),
        ("Scenes/Shop/scenes/Cart.json", "Scenes/Shop/scenes/Cart.json"), ("/tmp//app/", "/tmp/app"), ("x/.", "x"),
        ("/.hidden/a", "/.hidden/a"), ("a/..b", "a/..b")
    ])
    func normalized(path: String, expected: String) {
        #expect(PathText.normalized(path) == expected)
    }

    @Test(arguments: [
        ("/a/b/c", "/a/d", "../b/c"), ("/a/b", "/a/b", "."), ("/a/b/c.json", "/a/b", "c.json"),
        ("/x", "/a/b", "../../x"), ("/a/./b//c/", "/a/b/d/..", "c")
    ])
    func relativePaths(path: String, folder: String, expected: String) {
        #expect(PathText.relative(path, from: folder) == expected)
    }

    /// The one-pass check agrees with the plain definition on every path of up to six bytes
    /// of `a`, `.` and `/`.
    @Test func isPlainAgreesWithComponentsOnEveryShortPath() {
        func plain(_ path: String) -> Bool {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            return parts.indices.allSatisfy { index in
                parts[index].isEmpty ? index == 0 && parts.count > 1 : parts[index] != "." && parts[index] != ".."
            }
        }
        var paths = [""]
        for _ in 0..<6 { paths += paths.flatMap { path in ["a", ".", "/"].map { path + $0 } } }
        for path in Set(paths) { #expect(PathText.isPlain(path) == plain(path), "\(path)") }
    }
}
