import Foundation
import SceneManifest
import Testing

@testable import SceneRuntime

/// A step type is three Swift files, as docs/architecture.md#declared-once says: its case
/// in `StepType`, its body (declaration, decoding, effects) and its run.
// checks: docs/architecture.md#declared-once
@Suite struct StepTypeLayoutTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyStepTypeRuns() {
        let silent = StepType.allCases.filter { !($0.body is any RunnableStep.Type) }.map(\.rawValue)
        #expect(silent.isEmpty, "no run for: \(silent)")
    }

    @Test func everyStepTypeIsItsBodyAndItsRun() throws {
        for type in StepType.allCases {
            let name = String(describing: type.body)
            #expect(name.lowercased() == type.rawValue + "step", "\(type.rawValue)'s body is \(name)")
            #expect(type.body.type == type)
            #expect(type.body.declaration.name == type.rawValue)
            for path in ["Sources/SceneManifest/Model/Steps/\(name).swift", "Sources/SceneRuntime/Scene/Steps/\(name)+Run.swift"] {
                let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
                #expect(text.contains("extension \(name)") || text.contains("struct \(name)"), "\(path)")
            }
        }
    }
}
