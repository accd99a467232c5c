import Foundation
import Testing

@testable import SceneManifest

/// Inputs within the limits stay linear: what each fix guarantees, checked by behaviour
/// (the timings are for benchmarks, not tests).
@Suite struct LinearTimeTests {
    @Test func placeholdersInsideArgumentsAreNotFilledAgain() {
        #expect(FormatContext.fill("{0} and {1}", with: ["{1}", "x"]) == "{1} and x")
        #expect(FormatContext.fill("{0}{0}", with: ["{0}"]) == "{0}{0}")
        #expect(FormatContext.fill("{+1} {5} {a} {", with: ["x", "y"]) == "{+1} {5} {a} {")
        let arguments = (0..<22).map { "{\($0 + 1)}" + String(repeating: "z", count: 10) }
        let template = (0..<22).map { "{\($0)}" }.joined()
        #expect(FormatContext.fill(template, with: arguments) == arguments.joined())
    }

    @Test func aRecordWithManyKeysSetsGetsAndRemovesByName() {
        var record = Record()
        for index in 0..<20_000 { record["k\(index)"] = .number(Decimal(index)) }
        #expect(record.fields.count == 20_000)
        #expect(record["k12345"] == .number(12345))
        record["k0"] = nil
        #expect(record["k0"] == nil)
        #expect(record["k19999"] == .number(19999))
        record["k19999"] = .string("last")
        #expect(record.fields.last?.value == .string("last"))
        var small = Record()
        for index in 1..<20_000 { small["k\(index)"] = .number(Decimal(index)) }
        small["k19999"] = .string("last")
        #expect(small == record)
    }
}
