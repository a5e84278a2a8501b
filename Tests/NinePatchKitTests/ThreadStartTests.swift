#if os(Linux)
import Foundation
import NinePatchKit
import Testing
import ThreadStart

/// `threadstart_spawn` runs its body like `pthread_create`, and the CPU placement it starts the thread with is only
/// a hint: once running, the thread may use every CPU the process may. `usableCPUs` counts those CPUs.
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

    /// The number of CPUs in a list such as `0-3,6,8-9`.
    static func count(cpuList: Substring) -> Int {
        cpuList.split(separator: ",").reduce(0) { total, range in
            let ends = range.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            return total + (ends.count == 2 ? ends[1] - ends[0] + 1 : ends.count)
        }
    }

    /// Whether a cgroup CPU quota applies (v2 `cpu.max` other than `max`, or a positive v1 `cfs_quota_us`).
    static var hasCPUQuota: Bool {
        if let max = try? String(contentsOfFile: "/sys/fs/cgroup/cpu.max", encoding: .utf8) {
            return !max.hasPrefix("max")
        }
        let quota = try? String(contentsOfFile: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us", encoding: .utf8)
        return (quota.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? -1) > 0
    }

    @Test(arguments: [
        ("max 100000\n", 0), ("200000 100000\n", 2), ("150000 100000", 2), ("50000 100000\n", 1),
        ("100000 100000", 1), ("0 100000", 0), ("nonsense", 0), ("", 0),
    ])
    func cgroupV2QuotaIsReadInWholeCPUsRoundedUp(text: String, cpus: Int32) {
        #expect(threadstart_cpus_from_cpu_max(text) == cpus)
    }

    @Test(arguments: [
        ("-1\n", "100000\n", 0), ("250000\n", "100000\n", 3), ("100000", "100000", 1), ("25000", "100000", 1),
        ("x", "100000", 0), ("100000", "0", 0),
    ])
    func cgroupV1QuotaIsReadInWholeCPUsRoundedUp(quota: String, period: String, cpus: Int32) {
        #expect(threadstart_cpus_from_cfs(quota, period) == cpus)
    }

    @Test func usableCPUsAreTheAllowedOnesUnlessAQuotaLowersThem() throws {
        let line = try #require(Self.allowedCPUs(inStatus: "/proc/self/status"))
        let allowed = Self.count(cpuList: line.split(separator: ":")[1])
        #expect(allowed >= 1)
        #expect(NinePatchChecker.usableCPUs >= 1)
        #expect(NinePatchChecker.usableCPUs <= allowed)
        if !Self.hasCPUQuota {
            #expect(NinePatchChecker.usableCPUs == allowed)
        }
    }
}
#endif
