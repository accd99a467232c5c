import SceneManifest
import Testing

/// A use case's fields live in one shared box (`CopyOnWrite`), and a use case is still a
/// value: a copy changed leaves the use case it was copied from as it was, field by field.
@Suite struct UseCaseDefinitionValueTests {
    /// The Catalog scene's `load` use case, as validation decodes it.
    func load() throws -> UseCaseDefinition {
        let report = Validator.validate(path: AppValidationTests.root.appendingPathComponent("Scenes/Shop").path)
        return try #require(report.app?.scenes["Catalog"]?.useCase("load"))
    }

    @Test func aCopyChangedLeavesTheOriginalAsItWas() throws {
        let original = try load()
        var copy = original
        copy.reentrant = !original.reentrant
        copy.isInternal = !original.isInternal
        copy.requestModel = "Changed"
        copy.request.append((name: "added", type: .string))
        copy.response = nil
        copy.presenter = nil
        copy.interactor = .swift("Changed")
        copy.onError = Step.Recovery(steps: [], fallback: nil, offset: 7)
        #expect(original.reentrant != copy.reentrant)
        #expect(original.isInternal != copy.isInternal)
        #expect(original.requestModel == nil)
        #expect(original.request.map(\.name) == ["query"])
        #expect(copy.request.map(\.name) == ["query", "added"])
        #expect(original.response?.map(\.name) == ["products"])
        #expect(original.presenter != nil)
        #expect(original.steps.count == 4)
        #expect(copy.steps.isEmpty)
        #expect(original.onError == nil)
        #expect(copy.onError?.offset == 7)
    }

    @Test func theOriginalChangedLeavesACopyAsItWas() throws {
        var original = try load()
        let copy = original
        original.request.removeAll()
        original.interactor = .steps([])
        #expect(copy.request.map(\.name) == ["query"])
        #expect(copy.steps.count == 4)
        #expect(original.request.isEmpty)
        #expect(original.steps.isEmpty)
    }
}
