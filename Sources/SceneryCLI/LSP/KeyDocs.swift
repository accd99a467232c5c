import SceneManifest

/// One line on each manifest key, for completion details and hover; the manifest reference
/// (docs/manifest.md) says the rest. A key whose meaning depends on where it is has a line
/// per place (`step.value`), looked up before the key alone.
enum KeyDocs {
    static func line(for key: String, in place: ManifestKeys.Place?) -> String? {
        place.flatMap { lines["\(name(of: $0)).\(key)"] } ?? lines[key]
    }

    /// `a, b or c`: the words a key takes, from their one declaration.
    static func listed(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// What a place is called, in this table and in hover text.
    static func name(of place: ManifestKeys.Place) -> String {
        switch place {
        case .app: "app"
        case .scene: "scene"
        case .useCase: "useCase"
        case .field: "field"
        case .declaration: "declaration"
        case .listField: "listField"
        case .rule: "rule"
        case .provider: "provider"
        case .step: "step"
        case .component: "component"
        }
    }

    static let lines: [String: String] = [
        // app.json
        "formatVersion": "the manifest format's version: 1",
        "app.name": "the app's name; also names its key-value storage file",
        "entry": "the scene the app starts at",
        "timeZone": "the IANA time zone dates show in and days begin in (UTC by default); --tz overrides",
        "locale": "the locale formatting and translation use (en_US, ru_RU); run --locale overrides it",
        "currency": "the ISO 4217 code currency() formats in (USD, RUB)",
        "env": "named text values every expression reads as env.NAME; run --env overrides them",
        "models": "record types: each a map of field names to types",
        "shared": "fields every scene reads and writes as shared.NAME, each with a type and a default",
        "providers": "where data comes from: inline, file, keyValue, http or swift providers, by name",
        "workers": "Swift workers the app's registry supplies, by name: {\"type\": \"swift\"}",
        "formatters": "Swift formatters the app's registry supplies, by name: {\"type\": \"swift\"}",
        // scenes
        "scene": "the scene's name; the same as its file's name",
        "title": "what people call the scene: shown under its name by scenery graph; a frame shows the view's header, not this",
        "scene.args": "what the scene is given when routed to: names and types",
        "state": "the scene's own fields, each with a type and a default",
        "useCases": "the scene's use cases by name: request → interactor → response → presenter",
        "view": "the scene's components, top to bottom",
        "onAppear": "use cases run whenever the scene becomes the top",
        "onResult": "the use case run with what a scene above returned (back/dismiss with a result)",
        // use cases
        "useCase.request": "the request's fields and types; an input line fills them in order",
        "interactor": "the steps the interactor runs, in order",
        "useCase.response": "the response's fields as expressions over the steps' results",
        "presenter": "the view model's fields made from the response, or {\"swift\": NAME}",
        "reentrant": "whether the use case may run again while it is still running (default false)",
        "internal":
            "whether only the scene runs it (call, onAppear, onResult): it cannot be typed, and help does not list it (default false)",
        // fields
        "type": "the kind of object, or a field's type: string, int, decimal, bool, date, [T], T? or a model",
        "default": "the value the field starts with",
        // providers
        "provider.type": listed(ProviderDefinition.typeNames),
        "model": "the type the provider's data must have; checked as it is read",
        "provider.value": "the inline provider's data",
        "provider.path": "the JSON file to read, relative to the app folder",
        "url": "the address to request; may hold @{env.…} expressions",
        "method": "the HTTP method (GET by default)",
        "headers": "HTTP request headers by name",
        "timeout": "milliseconds to wait before the request fails",
        "maxBytes": "the largest response body accepted",
        "cache": "networkFirst, cacheFirst or networkOnly",
        "body": "the request body, as an expression",
        "provider.name": "the Swift provider's name in the app's registry",
        "key": "a collection's key field (default id); in a step, the key of the record to read, update or delete",
        "set": "the fields of the record to write, by name",
        // steps
        "step.type": listed(Step.typeNames),
        "if": "run (or show) only when this condition holds",
        "step.provider": "the provider to read (fetch) or write (store)",
        "as": "the name the step's result is known by in later steps",
        "step.args": "arguments: to the provider (fetch), the worker (work) or the scene routed to (route)",
        "step.value": "the value to write: set's state.FIELD or shared.FIELD (with where, each matching item, seen as it), or store's data",
        "worker": "the worker to run: a built-in one (search, sort, sum, …) or a Swift one",
        "input": "what the worker works on",
        "step.path": "what to set or remove from: state.FIELD or shared.FIELD, or a field of its record (state.form.firstName)",
        "onError":
            "steps run when the step's provider, worker or called use case fails, with error (code, message, from) at hand; then the use case goes on",
        "fallback": "the value the step's local takes when its provider, worker or called use case fails",
        "step.where": "which items of the list at path to replace (set) or remove, a condition over each item as it",
        "rules": "checks, each a condition and the message shown when it fails",
        "step.response": "the response to present now, before the interactor ends",
        "to": "the scene to route to",
        "mode": "push, present, replace, back, dismiss or root",
        "result": "what back or dismiss passes to the scene below (its onResult)",
        "step.message": "the error message the step fails with",
        "useCase": "the use case of this scene to call",
        "step.request": "the request the called use case gets",
        // rules and list fields
        "check": "the condition that must hold",
        "rule.message": "the message shown when the check fails",
        "each": "the list to make the field from",
        "listField.as": "the name each element is known by",
        "listField.value": "what each element becomes",
        // components
        "component.type": listed(ComponentDefinition.typeNames),
        "text": "the text shown; may hold @{…} expressions",
        "items": "the list's rows",
        "empty": "the text shown when the list has no rows",
        "action": "the use case run by the button, the input or a row (with the row's number)",
        "label": "the input's label",
        "bind": "the state path the input edits (state.form.title): typing its word and a value sets it, no use case needed",
        "word": "the word that sets a bound input (default: the last name of bind)",
        "component.request": "the request the button's action gets when its word is typed alone: a form's record, @{state.form}",
        "component.value": "what the input shows",
        "component.title": "the button's title",
        "enabled": "when the button can be pressed; when not, its action is refused with the reason"
    ]
}
