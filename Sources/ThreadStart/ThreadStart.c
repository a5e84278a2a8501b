#define _GNU_SOURCE
#include "ThreadStart.h"

#include <sched.h>
#include <stdlib.h>

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

#else

int threadstart_spawn(pthread_t *thread, void *(*body)(void *), void *context) {
    return pthread_create(thread, NULL, body, context);
}

#endif
