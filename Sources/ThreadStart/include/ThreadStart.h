#ifndef THREADSTART_H
#define THREADSTART_H

#include <pthread.h>

/// Starts a thread running `body(context)`, like `pthread_create` with default attributes, but on Linux places it
/// on a CPU other than the caller's when the caller may use another one: a new thread otherwise queues behind
/// its creator until the scheduler's load balancing moves it, which took 0.3-3.8 ms on a 2-vCPU VM (a tenth of
/// a whole corpus check). Once running, the thread may use every CPU its creator may (what `pthread_create`
/// would have given it), so the placement is only a hint. Returns `pthread_create`'s result.
int threadstart_spawn(pthread_t *thread, void *(*body)(void *), void *context);

/// How many threads can run at once: the CPUs the calling thread may use (its affinity mask, so `taskset` and
/// cpusets count), lowered on Linux to a cgroup CPU quota rounded up, as a container's `--cpus` sets. Only the
/// cgroup files at the root of the mount are read, as seen inside a container; a quota set on a host-side
/// cgroup (systemd's `CPUQuota=`) is not seen. At least 1. About 40 us, where Foundation's
/// `activeProcessorCount` took 0.4 ms of every run.
int threadstart_usable_cpus(void);

/// The CPUs a cgroup v2 `cpu.max` text grants (`"max 100000"`: no limit; `"150000 100000"`: 2, rounded up),
/// or 0 when there is no limit or the text is not understood. Public so it can be tested on strings.
int threadstart_cpus_from_cpu_max(const char *text);

/// The same for cgroup v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us` texts (a quota of -1: no limit).
int threadstart_cpus_from_cfs(const char *quota, const char *period);

#endif
