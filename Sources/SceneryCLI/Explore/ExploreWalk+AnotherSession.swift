import SceneManifest
import SceneRuntime

extension ExploreWalk {
    /// The line a walk takes at its midway step: a `>> fault` as it was planned, and a
    /// `>> delete COLLECTION` with the key of a record the collection holds now — one the top
    /// scene was given or holds (the order a detail screen shows) when there is one — or nil
    /// when it holds none, and the walk goes on as it would have.
    static func due(_ line: String, in app: RuntimeApp, _ random: inout ExploreRandom) -> String? {
        guard SessionLoop.isDeleteLine(line) else { return line }
        let collection = SessionLoop.deleteText(line)
        let keys = app.recordKeys(of: collection, first: 50)
        guard !keys.isEmpty else { return nil }
        var seen: Set<String> = []
        if let top = app.navigator.top as? JSONScene {
            for value in [top.args, .record(top.state)] { texts(in: value, into: &seen) }
        }
        let shown = keys.filter(seen.contains)
        return "\(SessionLoop.deletePrefix) \(collection) \(random.pick(shown.isEmpty ? keys : shown))"
    }

    /// Every scalar's text in `value`, nested ones too.
    private static func texts(in value: SceneValue, into found: inout Set<String>) {
        switch value {
        case let .list(items): for item in items { texts(in: item, into: &found) }
        case let .record(record): for field in record.fields { texts(in: field.value, into: &found) }
        case .null: break
        default: found.insert(value.description)
        }
    }
}
