import Foundation
import SceneManifest
import Testing

/// What each rule on an input holds a value to (docs/manifest.md#rules-on-inputs).
// checks: docs/manifest.md#rules-on-inputs
@Suite struct InputRulesTests {
    func rules(_ make: (inout InputRules) -> Void) -> InputRules {
        var rules = InputRules()
        make(&rules)
        return rules
    }

    @Test func anEmptyValueBreaksOnlyRequired() {
        let optional = rules {
            $0.pattern = "[0-9]{5}"
            $0.minLength = 5
            $0.min = 1
        }
        for empty: SceneValue in [.null, .string(""), .string("   ")] {
            #expect(optional.problem(with: empty) == nil)
            #expect(rules { $0.required = true }.problem(with: empty) == "required")
        }
        #expect(rules { $0.required = true }.problem(with: .bool(false)) == nil)
    }

    @Test func aPatternMatchesTheWholeValue() {
        let zip = rules { $0.pattern = "[0-9]{5}" }
        #expect(zip.problem(with: .string("10001")) == nil)
        #expect(zip.problem(with: .string("100012")) == "not in the form expected")
        #expect(zip.problem(with: .string("a10001")) == "not in the form expected")
        #expect(rules { $0.pattern = "a|b" }.problem(with: .string("ab")) == "not in the form expected")
        #expect(!InputRules.isPattern("([a-z"))
    }

    @Test func boundsAndLengths() {
        let age = rules {
            $0.min = 18
            $0.max = 120
        }
        #expect(age.problem(with: .number(17)) == "at least 18")
        #expect(age.problem(with: .number(18)) == nil)
        #expect(age.problem(with: .number(Decimal(string: "120.5")!)) == "at most 120")
        let name = rules {
            $0.minLength = 2
            $0.maxLength = 3
        }
        #expect(name.problem(with: .string("A")) == "at least 2 characters")
        #expect(name.problem(with: .string("Ada")) == nil)
        #expect(name.problem(with: .string("Adam")) == "at most 3 characters")
        // Characters as a person counts them, not bytes.
        #expect(name.problem(with: .string("Zoë")) == nil)
        #expect(rules { $0.maxLength = 1 }.problem(with: .string("ab")) == "at most 1 character")
    }
}
