import Foundation
import ScenerySupport

/// What `scenery new scene --swift` does with ./Package.swift: adds the module's target and
/// its test target at the end of `targets: [` (``PackageManifest``), depending on Scenery's
/// products as the file names Scenery; or, without a Package.swift or when its targets
/// cannot be found, prints them to add and says why. Scenery's own package names them
/// `"VIP"` and `"VIPTesting"`.
extension NewCommand {
    /// The folder Package.swift is looked for in: the working directory, or one a test sets.
    @TaskLocal package static var packageFolder: String?

    /// The products of Scenery; a `.product` naming one says what the file calls Scenery.
    static let sceneryProducts: Set = ["VIP", "VIPTesting", "SceneTesting", "SceneManifest", "SceneRuntime", "LineRenderer", "SceneryCLI"]

    enum PackagePlan: Equatable {
        /// Package.swift with the targets added; whether it depends on Scenery already.
        case edit(path: String, bytes: [UInt8], dependsOnScenery: Bool)
        /// The targets to add by hand, why they were not added, and whether the package
        /// depends on Scenery (nil: unknown).
        case print(reason: String, targets: [String], dependsOnScenery: Bool?)
    }

    /// Package.swift has a target of the name already: nothing is written.
    struct PackageRefusal: Error, CustomStringConvertible {
        let path: String
        let target: String

        var description: String {
            "error: '\(path)' already has a target '\(target)'; nothing was written\n"
                + "  hint: give the module another name with '--module NAME'"
        }
    }

    static func packagePlan(module: String, sources: String, tests: String) throws(PackageRefusal) -> PackagePlan {
        let path = packageFolder.map { "\($0)/Package.swift" } ?? "Package.swift"
        guard let data = FileManager.default.contents(atPath: path) else {
            return .print(
                reason: "there is no Package.swift here to add the targets to",
                targets: targetLines(module: module, sources: sources, tests: tests, scenery: "scenery"), dependsOnScenery: nil)
        }
        let manifest = PackageManifest(bytes: Array(data))
        let own = manifest.name?.lowercased() == "scenery"
        let folder = PathText.parent(of: path)
        let identity = own ? nil : sceneryIdentity(of: manifest, folder: folder.isEmpty ? "." : folder)
        let lines = targetLines(module: module, sources: sources, tests: tests, scenery: own ? nil : identity ?? "scenery")
        let names = manifest.targetNames
        if let taken = [module, module + "Tests"].first(where: names.contains) { throw PackageRefusal(path: path, target: taken) }
        do {
            return .edit(path: path, bytes: try manifest.addingTargets(lines), dependsOnScenery: own || identity != nil)
        } catch {
            return .print(reason: "\(path) was left as it was: \(error)", targets: lines, dependsOnScenery: own || identity != nil)
        }
    }

    /// Writes or prints what the plan says; false when Package.swift cannot be written.
    static func carryOut(_ plan: PackagePlan, console: Console) -> Bool {
        switch plan {
        case let .edit(path, bytes, depends):
            guard update(path, with: bytes, console: console) else { return false }
            if !depends { console.line("note: \(path) does not depend on Scenery yet: add " + dependencyLines) }
        case let .print(reason, targets, depends):
            console.line("")
            console.line("note: \(reason)")
            console.line("add to Package.swift, in 'targets':")
            console.lines(targets.map { "    \($0)," })
            if depends != true { console.line("and, if it does not depend on Scenery yet, add " + dependencyLines) }
        }
        return true
    }

    /// The dependency to add by hand: where Scenery is cannot be known here, and it has
    /// no released version to name.
    static let dependencyLines =
        #".package(path: "PATH-TO-SCENERY") or .package(url: "GIT-URL-OF-SCENERY", branch: "main") "#
        + #"to its 'dependencies'; the targets call it "scenery", SwiftPM's name for a folder or URL ending in 'scenery'"#

    /// The module's target and test target; `path:` only where the folders are not
    /// SwiftPM's defaults. `scenery` is the package the products come from, nil in Scenery's
    /// own package (plain target names).
    static func targetLines(module: String, sources: String, tests: String, scenery: String?) -> [String] {
        func product(_ name: String) -> String { scenery.map { ".product(name: \"\(name)\", package: \(quoted($0)))" } ?? "\"\(name)\"" }
        let sourcesPath = sources == "Sources/\(module)" ? "" : ", path: \(quoted(sources))"
        let testsPath = tests == "Tests/\(module)Tests" ? "" : ", path: \(quoted(tests))"
        return [
            ".target(name: \(quoted(module)), dependencies: [\(product("VIP"))]\(sourcesPath))",
            ".testTarget(name: \(quoted(module + "Tests")), dependencies: [\(quoted(module)), \(product("VIP")), \(product("VIPTesting"))]\(testsPath))"
        ]
    }

    /// A Swift string literal of `text`.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// What the manifest calls Scenery: the package of a `.product` of Scenery's, or the
    /// identity of a `.package` whose folder or URL ends in `scenery`, or whose folder holds
    /// a package named Scenery (SwiftPM names a package after its folder's or URL's last
    /// part, lowercased, without `.git`).
    static func sceneryIdentity(of manifest: PackageManifest, folder: String) -> String? {
        if let product = manifest.products.first(where: { sceneryProducts.contains($0.name) }) { return product.package }
        for dependency in manifest.packageDependencies {
            var last = PathText.lastComponent(of: dependency.location)
            if dependency.kind == "url", last.hasSuffix(".git") { last.removeLast(4) }
            let identity = last.lowercased()
            if identity == "scenery" { return identity }
            guard dependency.kind == "path" else { continue }
            let location = dependency.location.hasPrefix("/") ? dependency.location : "\(folder)/\(dependency.location)"
            if let data = FileManager.default.contents(atPath: "\(location)/Package.swift"),
                PackageManifest(bytes: Array(data)).name?.lowercased() == "scenery"
            {
                return identity
            }
        }
        return nil
    }
}
