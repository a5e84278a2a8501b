public import Diagnostics
import Dispatch
import Synchronization

extension NinePatchChecker {
    /// Checks many files on `jobs` threads and returns their reports in the order of `paths`, so output is the
    /// same whatever the scheduling. Only the reports are kept, so memory stays at one decoded image per thread.
    public func reports(forFilesAt paths: [String], jobs: Int) -> [FileReport] {
        let workers = max(1, min(jobs, paths.count))
        if workers == 1 { return paths.map { check(fileAt: $0).report } }
        let results = UnsafeMutableBufferPointer<FileReport>.allocate(capacity: paths.count)
        defer { results.deallocate() }
        let next = Atomic<Int>(0)
        // Each index is claimed by exactly one worker, so the writes never overlap.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < paths.count else { return }
                (slots.baseAddress! + index).initialize(to: check(fileAt: paths[index]).report)
            }
        }
        let ordered = Array(results)
        _ = results.deinitialize()
        return ordered
    }
}
