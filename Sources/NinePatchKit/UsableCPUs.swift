#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many threads can run at once: the CPUs this thread may use (its affinity, so `taskset` and cpusets count),
/// lowered on Linux to a cgroup CPU quota rounded up, as a container's `--cpus` sets. Only the cgroup files at the
/// root of the mount are read, as seen inside a container; a quota set on a host-side cgroup (systemd's
/// `CPUQuota=`) is not seen.
enum UsableCPUs {
    /// At least 1.
    static var count: Int {
        let allowed = allowedCPUs() ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        guard let quota = quotaCPUs() else { return allowed }
        return min(quota, allowed)
    }

    /// The CPUs a cgroup v2 `cpu.max` text grants (`"max 100000"`: no limit; `"150000 100000"`: 2, rounded up),
    /// or nil when there is no limit or the text is not understood.
    static func cpus(cpuMax text: String) -> Int? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
        return cpus(quota: quota, period: period)
    }

    /// The same for cgroup v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us` texts (a quota of -1: no limit).
    static func cpus(cfsQuota quotaText: String, period periodText: String) -> Int? {
        let number = { (text: String) in text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } }
        guard let quota = number(quotaText), let period = number(periodText) else { return nil }
        return cpus(quota: quota, period: period)
    }

    /// The number of CPUs in a `/proc` status text's `Cpus_allowed_list` (e.g. `0-3,6`), or nil without one.
    static func cpus(allowedIn status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else {
            return nil
        }
        var count = 0
        for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let ends = range.split(separator: "-").map { Int($0.trimmingPrefix(while: \.isWhitespace)) }
            guard let first = ends.first ?? nil, let last = ends.last ?? nil, ends.count <= 2, first <= last else {
                return nil
            }
            count += last - first + 1
        }
        return count > 0 ? count : nil
    }

    /// Whole CPUs for a quota over a period, rounded up; nil when either is not positive.
    private static func cpus(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return quota / period + (quota % period == 0 ? 0 : 1)
    }

    /// The CPUs in the calling thread's affinity mask; nil when unknown (not Linux).
    private static func allowedCPUs() -> Int? {
        smallFile("/proc/thread-self/status").flatMap(cpus(allowedIn:))
    }

    /// The cgroup CPU quota in whole CPUs, or nil when there is none (v2 first, then v1).
    private static func quotaCPUs() -> Int? {
        if let cpuMax = smallFile("/sys/fs/cgroup/cpu.max") { return cpus(cpuMax: cpuMax) }
        guard let quota = smallFile("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"),
            let period = smallFile("/sys/fs/cgroup/cpu/cpu.cfs_period_us")
        else { return nil }
        return cpus(cfsQuota: quota, period: period)
    }

    /// The first 16 KiB of a text file, read until its end (/proc and /sys files report no size); nil when it
    /// cannot be opened.
    private static func smallFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16 << 10)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return String(decoding: bytes[..<filled], as: UTF8.self)
    }
}
