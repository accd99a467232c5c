import SceneManifest
import Testing

/// The declared-type grammar: a name or `[type]`, then perhaps one `?`. ASCII types are read
/// from their bytes and the rest by the character parser; both must give the same answers.
@Suite struct TypeRefTests {
    @Test(arguments: [
        ("string", TypeRef.string), ("int?", .optional(.int)), ("Product", .model("Product")),
        ("[Product]", .list(.model("Product"))), ("[Product]?", .optional(.list(.model("Product")))),
        ("[int?]", .list(.optional(.int))), ("[[date]]", .list(.list(.date))), ("item_2", .model("item_2")),
        ("Café", .model("Café")), ("[Café]?", .optional(.list(.model("Café"))))
    ])
    func wellFormedTypes(text: String, type: TypeRef) throws {
        #expect(try TypeRef.parse(text).get() == type)
    }

    /// Each mistake at its character offset, whether the type is ASCII or not.
    @Test(arguments: [
        ("", 0), ("?", 0), ("[]", 1), ("[int", 4), ("int]", 3), ("int??", 4), ("[int]]", 5), ("a b", 1),
        ("[é", 2), ("é??", 2), ("int\r\n?", 3)
    ])
    func malformedTypes(text: String, offset: Int) {
        guard case let .failure(problem) = TypeRef.parse(text) else {
            Issue.record("'\(text)' parsed")
            return
        }
        #expect(problem.offset == offset)
    }
}
