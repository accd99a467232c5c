import Testing
import VIP

@MainActor
@Suite struct CommandTests {
    @Test func refusesASecondRunWhileRunning() async throws {
        let gate = Gate()
        let command = Command<Void>(name: "save") { await gate.wait() }

        let first = try command.execute(())
        #expect(command.isExecuting)
        #expect(throws: CommandRefusal.alreadyExecuting(command: "save")) { try command.execute(()) }

        gate.open()
        await first.value
        #expect(!command.isExecuting)
        #expect(command.canExecute)
    }

    @Test func allowsReentranceWhenAsked() async throws {
        let gate = Gate()
        let command = Command<Int>(name: "log", allowsReentrance: true) { _ in await gate.wait() }

        let first = try command.execute(1)
        let second = try command.execute(2)
        #expect(command.executingCount == 2)

        gate.open()
        await first.value
        await second.value
        #expect(command.executingCount == 0)
    }

    @Test func publishesEveryStateChange() async throws {
        let command = Command<Void>(name: "load") {}
        var seen: [Command<Void>.State] = []
        let watch = command.observe { seen.append($0) }

        try await command.execute(()).value
        command.setDisabled(reason: "nothing to load")
        command.setDisabled(reason: nil)

        #expect(
            seen == [
                .init(isExecuting: true, canExecute: false),
                .init(isExecuting: false, canExecute: true),
                .init(isExecuting: false, canExecute: false),
                .init(isExecuting: false, canExecute: true)
            ])
        watch.cancel()
    }

    @Test func aDisabledCommandSaysWhy() {
        let command = Command<Void>(name: "cart") {}
        command.setDisabled(reason: "the cart is empty")

        #expect(throws: CommandRefusal.disabled(command: "cart", reason: "the cart is empty")) { try command.execute(()) }
        #expect(command.refusal?.description == "'cart' is disabled: the cart is empty")
    }

    @Test func aCancelledObservationHearsNothingMore() async throws {
        let command = Command<Void>(name: "load") {}
        var count = 0
        let watch = command.observe { _ in count += 1 }
        watch.cancel()

        try await command.execute(()).value

        #expect(count == 0)
    }

    @Test func aReleasedObservationHearsNothingOnceTheMainActorHasRun() async throws {
        let command = Command<Void>(name: "load") {}
        var count = 0
        var watch: Observation? = command.observe { _ in count += 1 }
        try await command.execute(()).value
        #expect(count == 2)

        watch = nil
        await Task.yield()
        try await command.execute(()).value

        #expect(watch == nil)
        #expect(count == 2)
    }
}
