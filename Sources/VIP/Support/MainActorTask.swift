/// Starts main-actor work as a task that begins at once on the caller — `Task.immediate`
/// where the platform has it — so work that does not suspend costs no trip through the
/// main actor's queue and is finished when `start` returns.
@MainActor
enum MainActorTask {
    static func start(_ body: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate { @MainActor in await body() }
        }
        return Task { @MainActor in await body() }
    }
}
