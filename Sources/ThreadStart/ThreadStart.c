#define _GNU_SOURCE
#include "ThreadStart.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// Whole CPUs for a quota over a period, rounded up; 0 when either is not positive.
static int cpus_for_quota(long long quota, long long period) {
    if (quota <= 0 || period <= 0) return 0;
    long long cpus = quota / period + (quota % period != 0);
    return cpus > 0x7fffffff ? 0x7fffffff : (int)cpus;
}

int threadstart_cpus_from_cpu_max(const char *text) {
    long long quota = 0, period = 0;
    if (!text || strncmp(text, "max", 3) == 0 || sscanf(text, "%lld %lld", &quota, &period) != 2) return 0;
    return cpus_for_quota(quota, period);
}

int threadstart_cpus_from_cfs(const char *quota_text, const char *period_text) {
    long long quota = 0, period = 0;
    if (!quota_text || !period_text || sscanf(quota_text, "%lld", &quota) != 1
        || sscanf(period_text, "%lld", &period) != 1) {
        return 0;
    }
    return cpus_for_quota(quota, period);
}

#ifdef __linux__

/// What a placed thread needs before it runs `body`: the CPUs to widen its affinity back to.
typedef struct {
    void *(*body)(void *);
    void *context;
    cpu_set_t allowed;
} placed_start;

static void *run_placed(void *argument) {
    placed_start start = *(placed_start *)argument;
    free(argument);
    sched_setaffinity(0, sizeof start.allowed, &start.allowed);
    return start.body(start.context);
}

/// Starts `start` on the CPUs the caller may use other than its current one; nonzero when that is impossible
/// (one CPU only, an unknown current CPU, over 1024 CPUs) or refused, so the caller starts the thread plainly.
static int spawn_elsewhere(pthread_t *thread, placed_start *start) {
    int current = sched_getcpu();
    if (current < 0 || sched_getaffinity(0, sizeof start->allowed, &start->allowed) != 0) return -1;
    cpu_set_t others = start->allowed;
    CPU_CLR(current, &others);
    if (CPU_COUNT(&others) == 0) return -1;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return -1;
    int result = pthread_attr_setaffinity_np(&attributes, sizeof others, &others);
    if (result == 0) result = pthread_create(thread, &attributes, run_placed, start);
    pthread_attr_destroy(&attributes);
    return result;
}

int threadstart_spawn(pthread_t *thread, void *(*body)(void *), void *context) {
    placed_start *start = malloc(sizeof *start);
    if (start) {
        start->body = body;
        start->context = context;
        if (spawn_elsewhere(thread, start) == 0) return 0;
        free(start);
    }
    return pthread_create(thread, NULL, body, context);
}

/// The number of CPUs in the calling thread's affinity mask, for any number of CPUs; 0 when unknown.
static int affinity_cpu_count(void) {
    for (int cpus = 1024; cpus <= (1 << 20); cpus *= 2) {
        cpu_set_t *set = CPU_ALLOC(cpus);
        if (!set) return 0;
        size_t size = CPU_ALLOC_SIZE(cpus);
        int count = sched_getaffinity(0, size, set) == 0 ? CPU_COUNT_S(size, set) : -1;
        int too_small = count < 0 && errno == EINVAL;
        CPU_FREE(set);
        if (count >= 0) return count;
        if (!too_small) return 0;
    }
    return 0;
}

/// The first `size - 1` bytes of the file at `path`, NUL-terminated; 0 when it cannot be read.
static int read_small_file(const char *path, char *text, size_t size) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return 0;
    ssize_t count = read(descriptor, text, size - 1);
    close(descriptor);
    if (count <= 0) return 0;
    text[count] = 0;
    return 1;
}

/// The cgroup CPU quota in whole CPUs, or 0 when there is none (v2 first, then v1).
static int cgroup_quota_cpus(void) {
    char text[64], period[64];
    if (read_small_file("/sys/fs/cgroup/cpu.max", text, sizeof text)) return threadstart_cpus_from_cpu_max(text);
    if (!read_small_file("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", text, sizeof text)
        || !read_small_file("/sys/fs/cgroup/cpu/cpu.cfs_period_us", period, sizeof period)) {
        return 0;
    }
    return threadstart_cpus_from_cfs(text, period);
}

int threadstart_usable_cpus(void) {
    int cpus = affinity_cpu_count();
    if (cpus <= 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        cpus = online > 0 ? (online > 0x7fffffff ? 0x7fffffff : (int)online) : 1;
    }
    int quota = cgroup_quota_cpus();
    return quota > 0 && quota < cpus ? quota : cpus;
}

#else

int threadstart_spawn(pthread_t *thread, void *(*body)(void *), void *context) {
    return pthread_create(thread, NULL, body, context);
}

int threadstart_usable_cpus(void) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (online > 0x7fffffff ? 0x7fffffff : (int)online) : 1;
}

#endif
