import Foundation
import SceneManifest
import SceneRuntime
import Testing

@Suite struct RequestCoercionTests {
    let fields: [(name: String, type: TypeRef)] = [("row", .int), ("note", .optional(.string))]

    @Test func positionalAndNamedArgumentsAreCoercedToTheDeclaredTypes() throws {
        #expect(try RequestCoercion.request(["2"], for: fields, action: "open") == .record(Record(["row": .number(2), "note": .null])))
        #expect(
            try RequestCoercion.request(["note=gift wrap", "row=3"], for: fields, action: "open")
                == .record(Record(["note": .string("gift wrap"), "row": .number(3)])))
        #expect(
            try RequestCoercion.request(["1", "leave", "at", "door"], for: fields, action: "open")
                == .record(Record(["row": .number(1), "note": .string("leave at door")])))
    }

    @Test(arguments: [
        (["x"], "'open': row must be a whole number, not 'x'"),
        ([], "'open' needs row (int), as in 'open 1'"),
        (["rw=2"], "'open' has no field 'rw'; did you mean 'row'?")
    ])
    func mistakesAreClearErrors(arguments: [String], message: String) {
        #expect(throws: RequestCoercion.Problem(message)) { try RequestCoercion.request(arguments, for: fields, action: "open") }
    }

    @Test func aUseCaseWithoutFieldsTakesNoArguments() {
        #expect(throws: RequestCoercion.Problem("'cart' takes no arguments; got 1 argument")) {
            try RequestCoercion.request(["x"], for: [], action: "cart")
        }
    }
}
