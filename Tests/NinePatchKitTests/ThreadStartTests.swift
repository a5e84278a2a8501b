#if os(Linux)
import Foundation
import Testing
import ThreadStart

/// `threadstart_spawn` runs its body like `pthread_create`, and the CPU placement it starts the thread with is only
/// a hint: once running, the thread may use every CPU the process may.
@Suite(.timeLimit(.minutes(1))) struct ThreadStartTests {
    /// What the started thread saw.
    final class Probe: @unchecked Sendable {
        var ran = false
        var allowedCPUs: String?
    }

    /// The `Cpus_allowed_list` line of a `/proc` status file, e.g. `Cpus_allowed_list:\t0-1`.
    static func allowedCPUs(inStatus path: String) -> String? {
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }.map(String.init)
    }

    @Test func startedThreadRunsItsBodyFreeToUseEveryCPU() throws {
        let probe = Probe()
        var thread = pthread_t()
        let status = threadstart_spawn(&thread, { context in
            let probe = Unmanaged<Probe>.fromOpaque(context!).takeRetainedValue()
            probe.allowedCPUs = ThreadStartTests.allowedCPUs(inStatus: "/proc/thread-self/status")
            probe.ran = true
            return nil
        }, Unmanaged.passRetained(probe).toOpaque())
        try #require(status == 0)
        pthread_join(thread, nil)
        #expect(probe.ran)
        let processCPUs = try #require(Self.allowedCPUs(inStatus: "/proc/self/status"))
        #expect(probe.allowedCPUs == processCPUs)
    }
}
#endif
