import CatalogExample
import LineRenderer
import SceneRuntime
import SceneryCLI
import ScenerySupport
import VIP

/// Drives the typed Catalog example from input lines: the same loop the JSON runtime's
/// sessions use, over a module written in Swift.
@MainActor
struct CatalogExampleSession {
    static let actions = ["search", "open", "back", "stack", "help", "quit"]

    let renderer: LineRenderer
    let strict: Bool
    let console: Console
    let navigator = Navigator()

    init(width: Int, strict: Bool, console: Console) {
        renderer = LineRenderer(width: width)
        self.strict = strict
        self.console = console
    }

    mutating func run(_ source: LineSource) async -> Int32 {
        let input = source
        let catalog: CatalogScreen
        do {
            catalog = try CatalogBuilder().build((), dependencies: CatalogDependencies.live(navigator: navigator))
        } catch {
            console.error("error: \(error)")
            return ExitCode.findings
        }
        navigator.start(with: catalog)
        _ = try? catalog.search("")
        await settle()
        printFrame()
        return await SessionLoop(console: console, strict: strict).run(input, perform: perform) {
            printFrame()
            return false
        }
    }

    private func perform(_ line: InputLine) async -> LineOutcome {
        do {
            switch line.action {
            case "search":
                try catalogScreen().search(line.arguments.joined(separator: " "))
            case "open":
                guard line.arguments.count == 1, let row = Int(line.arguments[0]) else {
                    return .failed("'open' takes one row number, as in 'open 2'")
                }
                try catalogScreen().open(row: row)
            case "back":
                try navigator.back()
            case "stack":
                console.line(navigator.names.joined(separator: " > "))
                return .printed
            case "help":
                console.line("actions: search [TEXT], open ROW, back, stack, help, quit")
                return .printed
            case "quit":
                return .quit
            default:
                let hint = Suggestions.didYouMean(line.action, in: Self.actions).map { "; \($0)" } ?? "; try 'help'"
                return .failed("unknown action '\(line.action)'\(hint)")
            }
        } catch {
            return .failed("\(error)")
        }
        await settle()
        return .frame
    }

    private func catalogScreen() throws -> CatalogScreen {
        guard let catalog = navigator.top as? CatalogScreen else {
            throw SessionError("this action belongs to Catalog; go 'back' first")
        }
        return catalog
    }

    /// Waits until the top screen's work is done, and again if that work navigated, so each
    /// frame is complete and deterministic.
    private func settle() async {
        while true {
            let top = navigator.top
            switch top {
            case let catalog as CatalogScreen: await catalog.waitUntilIdle()
            case let product as ProductScreen: await product.waitUntilIdle()
            default: return
            }
            if navigator.top === top { return }
        }
    }

    private func printFrame() {
        console.frame(components(), renderer: renderer)
    }

    private func components() -> [Component] {
        switch navigator.top {
        case let catalog as CatalogScreen:
            return [
                .header("Catalog"),
                .loading(catalog.list.isLoading ? "Loading" : nil),
                .list(items: catalog.list.rows.map { ListItem($0.title, detail: $0.detail) }, empty: "Nothing found"),
                .text(catalog.list.summary),
                .error(catalog.error?.message)
            ]
        case let product as ProductScreen:
            var components: [Component] = [.header(product.detail?.title ?? "Product")]
            if let detail = product.detail {
                components.append(.text(detail.price))
                if !detail.tags.isEmpty { components.append(.text(detail.tags)) }
            }
            components.append(.error(product.error?.message))
            return components
        default:
            return []
        }
    }
}

struct SessionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
