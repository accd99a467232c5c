import SceneManifest
import SceneRuntime
import ScenerySupport

/// `>> fault PROVIDER=fail|fail-store|delay:MS|none`, a line of a transcript or a script:
/// from the next read or write on, the provider fails (or its stores do, or it waits first);
/// `none` lifts a fault, `--fault`'s too (docs/testing.md#faults).
@MainActor
enum FaultDirective {
    static let spellings = "PROVIDER=fail, PROVIDER=fail-store, PROVIDER=delay:MS or PROVIDER=none"

    /// Injects the fault `text` gives on `app`'s provider; nil when done, else why not.
    static func inject(_ text: String, into app: RuntimeApp) -> String? {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" ") else {
            return "'>> fault' takes \(spellings), not '\(text)'"
        }
        let providers = app.loaded.app.providers.keys.sorted()
        guard providers.contains(parts[0]) else {
            guard !providers.isEmpty else { return "'>> fault' names provider '\(parts[0])', and the app declares no providers" }
            return "'>> fault' names no provider '\(parts[0])' of the app"
                + Suggestions.orListed(parts[0], in: providers, what: "providers")
        }
        if parts[1] == "none" {
            app.faults.set(nil, on: parts[0], by: SessionLoop.faultPrefix)
            return nil
        }
        guard let fault = RuntimeOptions.Fault(spelled: parts[1]) else {
            return "'>> fault' takes \(spellings), not '\(text)'"
        }
        app.faults.set(fault, on: parts[0], by: SessionLoop.faultPrefix)
        return nil
    }
}
