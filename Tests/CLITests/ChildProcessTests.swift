import Foundation
import TestSupport
import Testing

/// `ChildProcess`, the one way the tests run programs: both pipes are read at once, so a child that fills its
/// standard error before it writes standard output (as a long warning list would) finishes instead of hanging.
@Suite struct ChildProcessTests {
    @Test(.timeLimit(.minutes(1))) func aFullStandardErrorDoesNotBlockTheChild() throws {
        let shell = try #require(Fixtures.executable(named: "sh"))
        let run = try ChildProcess.run(shell, ["-c", "head -c 300000 /dev/zero | tr '\\0' x >&2; echo out; exit 3"])
        #expect(run.status == 3)
        #expect(run.standardOutput == "out\n")
        #expect(run.standardError.count == 300_000)
    }

    @Test func inputAndMergedOutput() throws {
        let shell = try #require(Fixtures.executable(named: "sh"))
        let run = try ChildProcess.run(shell, ["-c", "cat; echo err >&2"], input: "in\n", mergingStandardError: true)
        #expect(run.standardOutput == "in\nerr\n")
        #expect(run.standardError.isEmpty)
    }
}
