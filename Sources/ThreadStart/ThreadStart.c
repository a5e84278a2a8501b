#define _GNU_SOURCE
#include "ThreadStart.h"

#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/// Starts `start` on the CPUs the process may use other than the caller's; nonzero when that is impossible
/// (one CPU only, an unknown current CPU) or refused, so the caller starts the thread plainly.
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

/// The cgroup CPU quota in whole CPUs, rounded up, or 0 when there is none.
static int cgroup_quota_cpus(void) {
    char text[64];
    long long quota = 0, period = 0;
    if (read_small_file("/sys/fs/cgroup/cpu.max", text, sizeof text)) {
        if (strncmp(text, "max", 3) == 0 || sscanf(text, "%lld %lld", &quota, &period) != 2) return 0;
    } else {
        if (!read_small_file("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", text, sizeof text)) return 0;
        if (sscanf(text, "%lld", &quota) != 1 || quota <= 0) return 0;
        if (!read_small_file("/sys/fs/cgroup/cpu/cpu.cfs_period_us", text, sizeof text)) return 0;
        if (sscanf(text, "%lld", &period) != 1) return 0;
    }
    if (quota <= 0 || period <= 0) return 0;
    long long cpus = (quota + period - 1) / period;
    return cpus > 0x7fffffff ? 0x7fffffff : (int)cpus;
}

int threadstart_usable_cpus(void) {
    cpu_set_t allowed;
    int cpus = sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : 0;
    if (cpus <= 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        cpus = online > 0 ? (int)online : 1;
    }
    int quota = cgroup_quota_cpus();
    return quota > 0 && quota < cpus ? quota : cpus;
}

#else

int threadstart_usable_cpus(void) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}

int threadstart_spawn(pthread_t *thread, void *(*body)(void *), void *context) {
    return pthread_create(thread, NULL, body, context);
}

#endif
