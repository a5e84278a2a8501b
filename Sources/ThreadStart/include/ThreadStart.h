#ifndef THREADSTART_H
#define THREADSTART_H

#include <pthread.h>

/// Starts a thread running `body(context)`, like `pthread_create` with default attributes, but on Linux places it
/// on a CPU other than the caller's when the process may use one: a new thread otherwise queues behind its
/// creator until the scheduler's load balancing moves it, which took 0.3-3.8 ms on a 2-vCPU VM (a tenth of a
/// whole corpus check). Once running, the thread may use every CPU the process may, so placement is only a hint.
/// Returns `pthread_create`'s result.
int threadstart_spawn(pthread_t *thread, void *(*body)(void *), void *context);

/// How many threads can run at once: the CPUs the process may use (its affinity mask, so `taskset` and cpusets
/// count), lowered on Linux to a cgroup CPU quota (`cpu.max`, or v1's `cpu.cfs_quota_us` over
/// `cpu.cfs_period_us`) rounded up, as a container's `--cpus` sets. At least 1. About 40 us, where Foundation's
/// `activeProcessorCount` took 0.4 ms of every run.
int threadstart_usable_cpus(void);

#endif
