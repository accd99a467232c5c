import SceneManifest
import SceneRuntime

extension FuzzTarget {
    /// An HTTP body as the http provider reads it, at its default size cap, then checked
    /// against the Shop's models. Data that fits is written back as JSON and reads the same.
    static let http = FuzzTarget(name: "http", summary: "HTTP bodies: JSON data and model checks") { bytes in
        guard bytes.count <= SceneManifest.HTTPProviderDefinition.defaultMaxBytes,
            let value = try? ValueJSON.parse(bytes)
        else { return }
        for model in HTTPModels.types {
            guard model.mismatch(of: value, models: HTTPModels.models) == nil else { continue }
            let again = try? ValueJSON.parse(Array(ValueJSON.text(value).utf8))
            require(again == value, "data that fits \(model) changed on a round trip")
        }
    }
}

enum HTTPModels {
    static let models: [String: ModelDefinition] = FuzzApp.shopApp?.app.models ?? [:]
    static let types: [TypeRef] = ["[Deal]", "Deal", "[Product]", "Order?", "[string]", "decimal", "[[int]]"].compactMap {
        try? TypeRef.parse($0).get()
    }
}
