import SceneManifest

extension UpdateStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        let collection = try interactor.services.collection(self.collection.value)
        var changes = Record()
        let recordKey: SceneValue
        if let value {
            changes = try interactor.evaluate(value, context).recordValue
            recordKey = changes[collection.schema.key] ?? .null
            // A whole record: a field it leaves out is null, not the one stored before (a
            // field that may not be null is then refused, as an insert's would be).
            for field in collection.schema.fields where changes[field.name] == nil { changes[field.name] = .null }
        } else {
            for (name, template) in fields { changes[name.value] = try interactor.evaluate(template, context) }
            recordKey = try key.map { try interactor.evaluate($0, context) } ?? .null
        }
        return try await interactor.attempt(from: self.collection.value, &run) {
            try await collection.update(key: recordKey, fields: changes)
            return .null
        } != nil
    }
}
