import Foundation

/// `scenery lsp`: the language server, over standard input and output.
enum LSPCommand {
    static let usage = """
        USAGE: scenery lsp

        Serves the Language Server Protocol over standard input and output, for any
        editor: diagnostics from the whole-app validator as you type (unsaved text
        counts), completion of step and component types, names (providers, workers,
        scenes, use cases, models, route modes) and expressions (roots, functions,
        fields along a typed path), hover on functions, go to definition of scenes,
        providers, workers, models and use cases, find references, rename, quick
        fixes (code actions) for findings that have one, and document and workspace
        symbols. See docs/editors.md.

        OPTIONS:
          --help    Show this help
        """

    @MainActor
    static func run(_ arguments: [String], console: Console) -> Int32 {
        let start = Options.start(arguments, specs: [], usage: usage, console: console) { (options: Options) throws(UsageError) in
            guard options.positional.isEmpty else {
                throw UsageError("'lsp' takes no arguments", hint: "editors start it as 'scenery lsp'")
            }
        }
        guard case .run = start else { return start.exitCode }
        return LanguageServer(connection: LSPConnection()).serve()
    }
}
