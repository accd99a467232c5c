import SceneManifest
import SceneRuntime

extension FuzzTarget {
    /// The manifest JSON parser, at the manifest limits. A parsed value survives a round trip
    /// through the data writer unchanged; a refusal points inside the input and gets a
    /// position and a hint without trapping.
    static let json = FuzzTarget(name: "json", summary: "JSON parser, data values, syntax hints") { bytes in
        do throws(JSONSyntaxError) {
            let json = try JSONParser.parse(bytes, limits: Validator.limits)
            // A number no decimal holds is refused as data; anything else reads and writes back.
            let value = try ValueJSON.value(json)
            let text = ValueJSON.text(value)
            let again = try? ValueJSON.parse(Array(text.utf8), limits: .init(maxDepth: 1 << 20, maxBytes: .max))
            require(again == value, "round trip changed the value: \(text)")
        } catch {
            require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside \(bytes.count) bytes")
            let source = SourceFile(path: "fuzz.json", bytes: bytes)
            let location = source.location(of: error.offset)
            require(location.line >= 1 && location.column >= 1, "location \(location) for offset \(error.offset)")
            _ = JSONSyntaxHint.hint(for: error, in: bytes)
            _ = error.description
        }
    }
}
