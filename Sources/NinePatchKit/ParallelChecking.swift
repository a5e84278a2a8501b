public import Diagnostics
import Dispatch
import Synchronization

extension NinePatchChecker {
    /// Checks many files on `jobs` threads and returns the results in the order of `paths`, so output is the same
    /// whatever the scheduling. Images are not kept, so memory stays at one decoding per thread.
    /// `progress` is called (from any thread) with the number of files done so far.
    public func checks(
        forFilesAt paths: [String], jobs: Int, progress: (@Sendable (Int) -> Void)? = nil
    ) -> [NinePatchCheck] {
        let workers = max(1, min(jobs, paths.count))
        let results = UnsafeMutableBufferPointer<NinePatchCheck>.allocate(capacity: paths.count)
        defer { results.deallocate() }
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        // Each index is claimed by exactly one worker, so the writes never overlap.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < paths.count else { return }
                (slots.baseAddress! + index).initialize(to: check(fileAt: paths[index]))
                let finished = done.add(1, ordering: .relaxed).newValue
                progress?(finished)
            }
        }
        let ordered = Array(results)
        _ = results.deinitialize()
        return ordered
    }

    /// The reports of `checks(forFilesAt:jobs:)`.
    public func reports(forFilesAt paths: [String], jobs: Int) -> [FileReport] {
        checks(forFilesAt: paths, jobs: jobs).map(\.report)
    }
}
