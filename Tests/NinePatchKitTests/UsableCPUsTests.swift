#if os(Linux)
    import Foundation
    @testable import NinePatchKit
    import Testing

    /// `usableCPUs` counts the CPUs this thread may use, lowered to a cgroup CPU quota.
    @Suite struct UsableCPUsTests {
        /// The `Cpus_allowed_list` line of a `/proc` status file, e.g. `Cpus_allowed_list:\t0-1`.
        static func allowedCPUs(inStatus path: String) -> String? {
            guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            return status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }.map(String.init)
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

        @Test(
            arguments: [
                ("max 100000\n", nil), ("200000 100000\n", 2), ("150000 100000", 2), ("50000 100000\n", 1),
                ("100000 100000", 1), ("0 100000", nil), ("nonsense", nil), ("", nil),
            ] as [(String, Int?)])
        func cgroupV2QuotaIsReadInWholeCPUsRoundedUp(text: String, cpus: Int?) {
            #expect(UsableCPUs.cpus(cpuMax: text) == cpus)
        }

        @Test(
            arguments: [
                ("-1\n", "100000\n", nil), ("250000\n", "100000\n", 3), ("100000", "100000", 1), ("25000", "100000", 1),
                ("x", "100000", nil), ("100000", "0", nil),
            ] as [(String, String, Int?)])
        func cgroupV1QuotaIsReadInWholeCPUsRoundedUp(quota: String, period: String, cpus: Int?) {
            #expect(UsableCPUs.cpus(cfsQuota: quota, period: period) == cpus)
        }

        @Test(
            arguments: [
                ("Name:\tx\nCpus_allowed:\tf\nCpus_allowed_list:\t0-3\nMems_allowed:\t1\n", 4),
                ("Cpus_allowed_list:\t0-3,6,8-9\n", 7), ("Cpus_allowed_list:\t5", 1), ("Cpus_allowed:\tff\n", nil),
                ("Cpus_allowed_list:\t3-1\n", nil), ("Cpus_allowed_list:\t\n", nil),
            ] as [(String, Int?)])
        func allowedCPUsAreCountedFromTheStatusList(status: String, cpus: Int?) {
            #expect(UsableCPUs.cpus(allowedIn: status) == cpus)
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
