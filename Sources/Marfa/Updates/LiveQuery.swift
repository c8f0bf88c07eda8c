import Observation

/// A read that stays current (seed 003): it reads from the copy, holds its own `updates()` sequence, and reads
/// again after each update that names something, so a view that reads `value` stays current.
@MainActor
@Observable
public final class LiveQuery<Value: Sendable> {
    /// What is read; assigning it reads again.
    public var reading: Reading<Value> {
        didSet { Task { await refresh() } }
    }
    /// The last good value, or the placeholder before the first read ends.
    public private(set) var value: Value
    /// Whether a read is running.
    public private(set) var isLoading = false
    /// The last read's error, cleared by the next success.
    public private(set) var error: MarfaError?
    /// The copy's connection, `.connecting` until the first update.
    public private(set) var connection: CopyConnection = .connecting

    private let copy: WorkingCopy
    @ObservationIgnored private var listener: Task<Void, Never>?
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var currentRead: Task<Void, Never>?

    /// Starts reading `reading` from `copy` and following its updates.
    public init(_ copy: WorkingCopy, reading: Reading<Value>) {
        self.copy = copy
        self.reading = reading
        value = reading.placeholder
        let updates = copy.updates()
        listener = Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                self.connection = update.connection
                if !update.reread.isEmpty { await self.refresh() }
            }
        }
    }

    isolated deinit {
        listener?.cancel()
    }

    /// Reads again and returns after a read that began after the call (and any read that replaced it) ends.
    public func refresh() async {
        var waited = startRead()
        await waited.value
        while let latest = currentRead, latest != waited {
            waited = latest
            await latest.value
        }
    }

    private func startRead() -> Task<Void, Never> {
        generation += 1
        let mine = generation
        isLoading = true
        let reading = self.reading
        let copy = self.copy
        let task = Task { [weak self] in
            let result: Result<Value, MarfaError>
            do {
                result = .success(try await reading.read(copy))
            } catch {
                result = .failure(error as? MarfaError ?? .invalid(message: "\(error)"))
            }
            guard let self, mine == self.generation else { return }
            switch result {
            case .success(let fresh):
                self.value = fresh
                self.error = nil
            case .failure(let failure):
                self.error = failure
            }
            self.isLoading = false
        }
        currentRead = task
        return task
    }
}
