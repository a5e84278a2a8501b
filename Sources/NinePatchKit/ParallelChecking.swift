import Dispatch
public import FileAccess
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension NinePatchChecker {
    /// Checks many files on `jobs` threads and returns the results in the order of `paths`, so output is the same
    /// whatever the scheduling. Images are not kept, so memory stays at one decoding per thread.
    /// `progress` is called (from any thread) with the number of files done so far.
    public func checks(
        forFilesAt paths: [String], jobs: Int, progress: (@Sendable (Int) -> Void)? = nil
    ) -> [NinePatchCheck] {
        checks(jobs: min(jobs, paths.count), progress: progress) { found in
            for path in paths { found(FoundFile(named: path)) }
        }
    }

    /// The most threads `checks` starts, whatever `jobs` asks: the helpers start before the number of files is
    /// known, and each one holds a decoding.
    public static let maximumThreads = 256

    /// The natural `jobs`: how many threads can run at once, i.e. the CPUs this process may use, lowered to a
    /// container's cgroup CPU quota (`UsableCPUs`).
    public static var usableCPUs: Int { UsableCPUs.count }

    /// Checks the files `produce` hands to its argument while it is still producing them (e.g. walking a folder
    /// tree, `NinePatchFinder.forEachFoundFile`): `jobs - 1` helper threads check from the first file on, and
    /// this thread joins them once `produce` returns. Results come in the order the files were produced. If `produce` throws, the files not yet
    /// started are dropped and the error is rethrown once every thread has stopped.
    public func checks<Failure: Error>(
        jobs: Int, progress: (@Sendable (Int) -> Void)? = nil,
        filesFrom produce: (_ found: (FoundFile) -> Void) throws(Failure) -> Void
    ) throws(Failure) -> [NinePatchCheck] {
        try checks(jobs: jobs, progress: progress, keeping: { $0 }, filesFrom: produce)
    }

    /// `checks(jobs:progress:filesFrom:)`, keeping only `keep` of each check (e.g. its `report`): the rest of a
    /// check is dropped on the thread that made it, so the single-threaded end of a run handles less.
    public func checks<Failure: Error, Kept: Sendable>(
        jobs: Int, progress: (@Sendable (Int) -> Void)? = nil,
        keeping keep: @Sendable (NinePatchCheck) -> Kept,
        filesFrom produce: (_ found: (FoundFile) -> Void) throws(Failure) -> Void
    ) throws(Failure) -> [Kept] {
        let threads = max(1, min(jobs, Self.maximumThreads))
        let queue = FileQueue(takers: threads)
        let finished = Mutex<[[(index: Int, kept: Kept)]]>([])
        let done = Atomic<Int>(0)
        let failure = runOnThreads(
            threads,
            leader: { () -> Failure? in
                do throws(Failure) {
                    try produce { queue.append($0) }
                    queue.close()
                    return nil
                } catch {
                    queue.close(droppingPending: true)
                    return error
                }
            }
        ) {
            var mine = [(index: Int, kept: Kept)]()
            while let (index, file) = queue.take() {
                mine.append((index, keep(check(file))))
                let count = done.add(1, ordering: .relaxed).newValue
                progress?(count)
            }
            finished.withLock { $0.append(mine) }
        }
        if let failure { throw failure }
        return finished.withLock { inOrder(&$0) }
    }
}

/// Merges per-thread result lists into one list in index order. On success the indices are exactly
/// `0..<count`, each once; every element is moved (`popLast`) straight into its place, never copied, so none is
/// retained again and nothing else of the size of the results is allocated.
private func inOrder<Kept>(_ lists: inout [[(index: Int, kept: Kept)]]) -> [Kept] {
    let count = lists.reduce(0) { $0 + $1.count }
    var placed = [Bool](repeating: false, count: count)
    return [Kept](unsafeUninitializedCapacity: count) { slots, initialized in
        for list in lists.indices {
            while let (index, kept) = lists[list].popLast() {
                precondition(index < count && !placed[index], "each checked file has one result")
                placed[index] = true
                (slots.baseAddress! + index).initialize(to: kept)
            }
        }
        initialized = count
    }
}

/// The files waiting to be checked: appended by one producer, taken in order by the checking threads, each of
/// which blocks while the queue is empty but still open.
private final class FileQueue: Sendable {
    private struct State {
        var files = [FoundFile]()
        var next = 0
        var closed = false
    }

    private let state = Mutex(State())
    /// One signal per appended path, plus one per taker when the queue closes, so every wait ends.
    private let available = DispatchSemaphore(value: 0)
    private let takers: Int

    init(takers: Int) {
        self.takers = takers
    }

    func append(_ file: FoundFile) {
        state.withLock { $0.files.append(file) }
        available.signal()
    }

    /// No more paths will come; with `droppingPending`, the ones not yet taken are discarded.
    func close(droppingPending: Bool = false) {
        state.withLock { state in
            state.closed = true
            if droppingPending { state.next = state.files.count }
        }
        for _ in 0..<takers { available.signal() }
    }

    /// The next file and its position, or nil once the queue is closed and drained. The queue lets go of the
    /// file it hands out, so the folder a walk keeps open for it (`FoundFile.folder`) closes once it is read.
    func take() -> (index: Int, file: FoundFile)? {
        available.wait()
        return state.withLock { state in
            guard state.next < state.files.count else { return nil }
            defer { state.next += 1 }
            var file = FoundFile(named: "")
            swap(&file, &state.files[state.next])
            return (state.next, file)
        }
    }
}

/// Runs `work` on `count` threads at once, this one included, and returns when all of them have finished. This
/// thread first runs `leader` (e.g. producing the work) and then `work`; its result is returned.
/// Plain POSIX threads: helpers start before the work is known (e.g. while a folder walk goes on). Starting each
/// one on another CPU than its creator's measured no faster on 2 cores (issue 16). `work` must finish by itself on
/// every thread; if a thread cannot be created, the others do its share.
private func runOnThreads<Result>(
    _ count: Int, leader: () -> Result, _ work: @Sendable () -> Void
) -> Result {
    withoutActuallyEscaping(work) { work in
        let helpers = (0..<max(0, count - 1)).compactMap { _ in HelperThread(running: work) }
        let result = leader()
        work()
        for helper in helpers { helper.join() }
        return result
    }
}

/// One extra thread started by `runOnThreads`.
private struct HelperThread {
    /// The closure a helper runs, handed to the new thread through its context pointer.
    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }

        static func run(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }
    }

    private let thread: pthread_t

    /// Starts a thread running `body`, or returns nil when the system refuses one.
    init?(running body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Darwin)
            var started: pthread_t?
        #else
            var started = pthread_t()
        #endif
        guard pthread_create(&started, nil, { Work.run($0) }, context) == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
            thread = started!
        #else
            thread = started
        #endif
    }

    func join() {
        pthread_join(thread, nil)
    }
}
