import Diagnostics
import FileAccess
import Foundation
import NinePatchKit
import Synchronization
import TestSupport
import Testing

/// Checking on several threads, from a list or from files handed over while a folder walk goes on, gives the
/// sequential results in the produced order.
@Suite(.timeLimit(.minutes(1))) struct ParallelCheckingTests {
    /// Valid, invalid, malformed and missing files, so every kind of result takes part.
    static let paths: [String] =
        ["corpus", "problems", "malformed"].flatMap { folder in
            let url = Fixtures.testImage(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.sorted().map { url.appendingPathComponent($0).path }
        } + [Fixtures.testImage("no-such-file.9.png").path]

    static let sequential: [FileReport] = paths.map { NinePatchChecker().check(fileAt: $0).report }

    struct WalkFailed: Error, Equatable {}

    @Test func thereAreFilesOfEveryKind() {
        #expect(Self.paths.count > 20)
        #expect(Self.sequential.contains { $0.isValid })
        #expect(Self.sequential.contains { $0.diagnostics.contains { $0.ruleID == "PNG001" } })
        #expect(
            Self.sequential.contains { $0.diagnostics.contains { $0.ruleID.hasPrefix("NP") && $0.severity == .error } })
    }

    @Test(arguments: [1, 2, 3, 8])
    func listedFilesComeBackInOrder(jobs: Int) {
        let checks = NinePatchChecker().checks(forFilesAt: Self.paths, jobs: jobs)
        #expect(checks.map(\.report) == Self.sequential)
    }

    @Test(arguments: [1, 2, 3, 8, 100_000])
    func producedFilesComeBackInProducedOrder(jobs: Int) {
        let done = Mutex<[Int]>([])
        let checks = NinePatchChecker().checks(jobs: jobs, progress: { count in done.withLock { $0.append(count) } }) {
            found in
            for path in Self.paths {
                found(FoundFile(named: path))
                usleep(200)  // a slow producer: the helpers wait for files and must not stop early
            }
        }
        #expect(checks.map(\.report) == Self.sequential)
        #expect(done.withLock { $0.sorted() } == Array(1...Self.paths.count))
    }

    /// Keeping only the reports gives the same reports, in order, whichever thread made each one.
    @Test(arguments: [1, 2, 3, 8])
    func keptPartsComeBackInProducedOrder(jobs: Int) {
        let reports = NinePatchChecker().checks(jobs: jobs, keeping: { $0.report }) { found in
            for (index, path) in Self.paths.enumerated() {
                // As a walk finds them: regular files are opened without looking their paths up first.
                found(FoundFile(path: path, isRegularFile: FileManager.default.fileExists(atPath: path)))
                if index % 3 == 0 { usleep(100) }  // uneven pace, so the threads' shares interleave
            }
        }
        #expect(reports == Self.sequential)
    }

    @Test(arguments: [1, 2, 8])
    func aFailingProducerStopsEveryThreadAndRethrows(jobs: Int) {
        #expect(throws: WalkFailed()) {
            try NinePatchChecker().checks(jobs: jobs) { found throws(WalkFailed) in
                for path in Self.paths.prefix(5) { found(FoundFile(named: path)) }
                throw WalkFailed()
            }
        }
    }

    @Test(arguments: [1, 4])
    func noFilesGiveNoChecks(jobs: Int) {
        #expect(NinePatchChecker().checks(jobs: jobs) { _ in }.isEmpty)
        #expect(NinePatchChecker().checks(forFilesAt: [], jobs: jobs).isEmpty)
    }

    /// The finder hands over the named files as they are and each folder's candidates sorted, in path order.
    @Test func finderVisitsCandidatesInReportOrder() throws {
        let folder = Fixtures.testImage("corpus").path
        let file = Fixtures.testImage("problems/bad_patch.9.png").path
        var visited = [String]()
        try NinePatchFinder().forEachFile(in: [file, folder]) { visited.append($0) }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".9.png") }
        #expect(visited == [file] + names.sorted().map { folder + "/" + $0 })
        var visitedBeforeError = 0
        #expect(throws: NinePatchFinderError.notFound("/no/such/folder")) {
            try NinePatchFinder().forEachFile(in: [folder, "/no/such/folder"]) { _ in visitedBeforeError += 1 }
        }
        #expect(visitedBeforeError == 0)
    }
}
