import Foundation
import Testing

@testable import SceneryCLI

// checks: docs/cli.md#scenery-graph
@MainActor
@Suite struct GraphCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func graph(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(["graph"] + arguments, console: captured.console)
        return (code, captured.out, captured.error)
    }

    @Test func mermaidMarksControllersAndLabelsRoutes() async {
        let result = await graph([Self.root.appendingPathComponent("Scenes/Shop").path])
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("flowchart LR\n"))
        #expect(result.out.contains("  Launch{{\"Launch (entry)<br/>controller\"}}\n"))
        #expect(result.out.contains("  Cart -->|\"checkout · present\"| Checkout\n"))
    }

    /// A scene's constant title shows under its name; one that is computed, or the name, does not.
    @Test func aSceneTitleShowsUnderItsName() async {
        let orders = Self.root.appendingPathComponent("Scenes/Orders").path
        let mermaid = await graph([orders])
        #expect(mermaid.out.contains("  OrderDetails[\"OrderDetails<br/>Order\"]\n"))
        #expect(mermaid.out.contains("  OrderForm[\"OrderForm\"]\n"))
        let dot = await graph([orders, "--format", "dot"])
        #expect(dot.out.contains(#"  "OrderList" [label="OrderList\nOrders", shape=box, penwidth=2];"#))
    }

    @Test func theDocsShowTheCurrentGraph() async throws {
        let result = await graph([Self.root.appendingPathComponent("Scenes/Shop").path])
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/shop.md"), encoding: .utf8)
        #expect(docs.contains("```mermaid\n" + result.out + "```"), "docs/shop.md is out of date: run scenery graph Scenes/Shop")
    }

    @Test func dotIsAGraphvizDigraph() async {
        let result = await graph([Self.root.appendingPathComponent("Scenes/Shop").path, "--format", "dot"])
        #expect(result.out.hasPrefix("digraph \"Shop\" {\n  rankdir=LR;\n"))
        #expect(result.out.contains("  \"Launch\" [label=\"Launch\\ncontroller\", shape=hexagon, penwidth=2];\n"))
        #expect(result.out.hasSuffix("}\n"))
    }
}
