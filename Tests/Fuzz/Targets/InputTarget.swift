import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport
import VIP

extension FuzzTarget {
    /// Typed lines, one per input line, as `scenery run` reads them: split shell-style,
    /// the action looked up among the Shop's use cases (did-you-mean when unknown), the
    /// arguments coerced to the use case's request. Every line either parses or gets a
    /// problem; a coerced request always has every declared field.
    static let input = FuzzTarget(name: "input", summary: "input lines and request coercion") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let parsed = try? InputLine.parse(String(line)) else { continue }
            guard let fields = ShopActions.requests[parsed.action] else {
                _ = Suggestions.didYouMean(parsed.action, in: ShopActions.requests.keys)
                // An unknown action is also coerced as an argument of its own, to a request
                // the word picks (so every request is reached, one per line).
                let pick = ShopActions.ordered[parsed.action.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF } % ShopActions.ordered.count]
                _ = try? RequestCoercion.request([parsed.action], for: pick, action: "fuzz")
                continue
            }
            guard let request = try? RequestCoercion.request(parsed.arguments, for: fields, action: parsed.action) else { continue }
            if case let .record(record) = request {
                for field in fields { require(record[field.name] != nil, "'\(parsed.action)' lost field '\(field.name)'") }
            } else {
                require(false, "a request that is not a record: \(request)")
            }
        }
    }
}

/// Every use case of the Shop sample and its request, plus one of each kind of type.
enum ShopActions {
    static let requests: [String: [(name: String, type: TypeRef)]] = {
        var requests: [String: [(name: String, type: TypeRef)]] = [:]
        for scene in FuzzApp.shopApp?.scenes.values.map({ $0 }) ?? [] {
            for useCase in scene.useCases { requests[useCase.name] = useCase.useCase.request }
        }
        require(!requests.isEmpty, "the Shop sample did not load from \(FuzzApp.shop)")
        requests["everything"] = [
            ("text", .string), ("count", .int), ("amount", .decimal), ("flag", .bool), ("day", .date),
            ("maybe", .optional(.int)), ("tags", .list(.string)), ("line", .optional(.model("CartLine")))
        ]
        return requests
    }()
    static let ordered = requests.sorted { $0.key < $1.key }.map(\.value)
}
