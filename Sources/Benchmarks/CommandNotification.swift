import VIP

/// The baseline for `Command.observe`: a subject of closures, mapped, with a sink.
@MainActor
final class ClosureSubject<Value> {
    private var sinks: [(Value) -> Void] = []

    func send(_ value: Value) { for sink in sinks { sink(value) } }

    func map<Mapped>(_ transform: @escaping (Value) -> Mapped) -> ClosureSubject<Mapped> {
        let mapped = ClosureSubject<Mapped>()
        sinks.append { mapped.send(transform($0)) }
        return mapped
    }

    func sink(_ body: @escaping (Value) -> Void) { sinks.append(body) }
}

@MainActor
func commandNotificationRow(runs: Int) async throws -> Row {
    let command = Command<Void>(name: "save") { _ in }
    var seenByCommand: [Bool] = []
    let observation = command.observe { seenByCommand.append($0.canExecute) }
    let subject = ClosureSubject<String?>()
    var seenBySubject: [Bool] = []
    subject.map { reason in Command<Void>.State(isExecuting: false, canExecute: reason == nil) }
        .sink { seenBySubject.append($0.canExecute) }
    let reasons: [String?] = ["saving is not possible now", nil]
    defer { observation.cancel() }
    return try await compare(
        "`Command.observe` notification", runs: runs, target: .ratio(1.5),
        a: Side(name: "a command's observer told of a change (`setDisabled`)", repeats: 20_000) {
            seenByCommand.removeAll(keepingCapacity: true)
            for reason in reasons { command.setDisabled(reason: reason) }
            return seenByCommand
        },
        b: Side(name: "a closure subject with `map` and `sink` sent the same change", repeats: 20_000) {
            seenBySubject.removeAll(keepingCapacity: true)
            for reason in reasons { subject.send(reason) }
            return seenBySubject
        })
}
