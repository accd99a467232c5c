import Foundation
import SceneManifest
import SceneRuntime
import VIP

// The JSON row: the design's catalog use case (fetch 100, search, sort by price, present
// rows with currency) as a JSON scene, against the same use case written as a typed module
// with hand-written formatting.

let catalogScene = """
    { "formatVersion": 1, "scene": "Catalog",
      "useCases": {
        "load": {
          "request": { "query": "string?" },
          "interactor": [
            { "type": "fetch", "provider": "products", "as": "all" },
            { "type": "work", "worker": "search", "input": "@{all}",
              "args": { "text": "@{request.query ?? ''}", "fields": ["name", "tags", "category"] }, "as": "found" },
            { "type": "work", "worker": "sort", "input": "@{found}", "args": { "by": "price" }, "as": "sorted" } ],
          "response": { "products": "@{sorted}" },
          "presenter": {
            "rows": { "each": "@{response.products}", "as": "p", "value": { "title": "@{p.name}", "detail": "@{p.price | currency}" } } } } },
      "view": [ { "type": "list", "items": "@{vm.rows}", "empty": "Nothing found" } ] }
    """

/// The app's models; with `catalogScene`, what `BenchScenes` is ejected from (a test checks
/// it is what `scenery eject` writes for them).
let catalogModels = """
    { "Product": { "id": "string", "name": "string", "price": "decimal", "category": "string", "tags": "[string]" } }
    """

func catalogApp() -> [String: String] {
    let products = BenchProduct.catalog.map(\.json).joined(separator: ",\n")
    return [
        "app.json": """
        { "formatVersion": 1, "name": "Bench", "entry": "Catalog", "locale": "en_US", "currency": "USD",
          "models": \(catalogModels),
          "providers": { "products": { "type": "inline", "model": "[Product]", "value": [\n\(products)\n] } } }
        """,
        "scenes/Catalog.json": catalogScene
    ]
}

struct CatalogRow: Equatable, Sendable {
    let title: String
    let detail: String
}

// The typed module.
struct CatalogQuery: Sendable { let query: String }
struct CatalogResponse: Sendable { let products: [BenchProduct] }
struct CatalogViewModel: Sendable { let rows: [CatalogRow] }

struct CatalogInteractor: Interactor {
    let products: any Provider<Void, [BenchProduct]>

    func handle(_ request: CatalogQuery, output: Output<CatalogResponse, Never>) async throws {
        let all = try await products.fetch()
        let words = request.query.lowercased().split(separator: " ")
        let found = all.filter { product in
            let haystack = [product.name, product.category] + product.tags
            return words.allSatisfy { word in haystack.contains { $0.lowercased().contains(word) } }
        }
        // Stable by price, as the sort worker is.
        let sorted = found.enumerated().sorted { ($0.element.price, $0.offset) < ($1.element.price, $1.offset) }.map(\.element)
        output.present(CatalogResponse(products: sorted))
    }
}

struct CatalogPresenter: Presenter {
    func present(_ response: CatalogResponse) -> CatalogViewModel {
        CatalogViewModel(rows: response.products.map { CatalogRow(title: $0.name, detail: Self.dollars($0.price)) })
    }

    /// `$1,234.50`, by the formatter the JSON scene's `currency` uses.
    static func dollars(_ amount: Decimal) -> String { NumberFormat.currency(amount, code: "USD", locale: "en_US") }
}

@MainActor
final class CatalogDisplay {
    var rows: [CatalogRow] = []
    func show(_ viewModel: CatalogViewModel) { rows = viewModel.rows }
}

@MainActor
func jsonUseCaseRow(runs: Int) async throws -> Row {
    try await catalogUseCaseRow(
        "JSON use case (fetch 100, search, sort, rows with currency)", scene: "the JSON scene's `load`", registry: SceneRegistry(),
        runs: runs)
}

/// The catalog's `load` in a running app, against the typed module: as the manifest runs it,
/// or as `registry` has it run in Swift.
@MainActor
func catalogUseCaseRow(_ metric: String, scene sceneName: String, registry: SceneRegistry, runs: Int) async throws -> Row {
    let root = try GeneratedApp.write(catalogApp())
    defer { GeneratedApp.remove(root) }
    let report = Validator.validate(path: root.path)
    guard let loaded = report.app, !report.hasErrors else {
        throw BenchmarkFailure.setup(
            "the benchmark's catalog app does not validate:\n\(report.diagnostics.map(\.description).joined(separator: "\n"))")
    }
    let app = try RuntimeApp(loaded, registry: registry)
    try app.start()
    await app.waitUntilSettled()
    guard let scene = app.navigator.top as? JSONScene else { throw BenchmarkFailure.setup("the catalog scene did not start") }
    // Queries in turn, each matching other products: no side shows the rows it made before.
    let queries = ["a", "e", "o", "Ph", "C", "t"]
    var turnA = 0
    var turnB = 0

    let module = Module<Never>(name: "Catalog")
    let display = CatalogDisplay()
    let catalog = BenchProduct.catalog
    let useCase = module.useCase(
        "load", interactor: CatalogInteractor(products: ClosureProvider { _ in catalog }),
        presenter: CatalogPresenter(), display: .weak(display, CatalogDisplay.show))
    return try await compare(
        metric, runs: runs, target: .ratio(1.1),
        a: Side(name: "\(sceneName), performed and awaited, for six queries in turn", repeats: 204) {
            turnA += 1
            try await scene.perform("load", request: .record(Record(["query": .string(queries[turnA % queries.count])]))).value
            guard case let .list(rows)? = scene.viewModel["rows"] else { return [CatalogRow]?.none }
            return rows.map { CatalogRow(title: $0["title"].description, detail: $0["detail"].description) }
        },
        b: Side(
            name: "the same use case as a typed module (`UseCase.send`), money formatted by the same `NumberFormat.currency`", repeats: 204
        ) {
            turnB += 1
            await (try useCase.send(CatalogQuery(query: queries[turnB % queries.count]))).value
            return Optional(display.rows)
        })
}
