/* Exhausts one of the kernel's per-user counters, chosen by the first argument, and
   prints how far it got: inotify instances, pending real-time signals, POSIX timers,
   pipe buffers. The `hold` modes then wait, holding what they took, so that the test can
   look from another worker or from the host while they do; the others end at once.
   `uid` prints the user the program runs as; `inotify_one` and `pipe_size` are what
   another process tries while a run holds: one inotify instance, one pipe's size. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

static void hold(void) {
    fflush(stdout);
    for (;;)
        pause();
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "uid") == 0) {
        printf("uid %u\n", (unsigned)getuid());
    } else if (strcmp(mode, "inotify_hold") == 0) {
        int made = 0;
        while (inotify_init1(IN_CLOEXEC) >= 0)
            made++;
        printf("inotify %d %s\n", made, strerrorname_np(errno));
        hold();
    } else if (strcmp(mode, "inotify_one") == 0) {
        if (inotify_init1(IN_CLOEXEC) >= 0)
            printf("inotify ok\n");
        else
            printf("inotify %s\n", strerrorname_np(errno));
    } else if (strcmp(mode, "signals") == 0) {
        /* Blocked, so every one stays queued until the program ends. */
        sigset_t blocked;
        sigemptyset(&blocked);
        sigaddset(&blocked, SIGRTMIN);
        sigprocmask(SIG_BLOCK, &blocked, NULL);
        union sigval value = {.sival_int = 0};
        long queued = 0;
        while (queued < 1000000 && sigqueue(getpid(), SIGRTMIN, value) == 0)
            queued++;
        printf("signals %ld %s\n", queued, strerrorname_np(errno));
    } else if (strcmp(mode, "timers") == 0) {
        struct sigevent event = {.sigev_notify = SIGEV_NONE};
        long made = 0;
        timer_t timer;
        while (made < 1000000 && timer_create(CLOCK_MONOTONIC, &event, &timer) == 0)
            made++;
        printf("timers %ld %s\n", made, strerrorname_np(errno));
    } else if (strcmp(mode, "pipes_hold") == 0) {
        /* Each pipe grown to 1 MiB (256 buffers) until the user's soft limit refuses. */
        long buffers = 0;
        int ends[2];
        while (pipe(ends) == 0) {
            int size = fcntl(ends[0], F_SETPIPE_SZ, 1 << 20);
            if (size < 0)
                break;
            buffers += size / 4096;
        }
        printf("pipes %ld %s\n", buffers, strerrorname_np(errno));
        hold();
    } else if (strcmp(mode, "pipe_size") == 0) {
        int ends[2];
        if (pipe(ends) != 0)
            printf("pipe %s\n", strerrorname_np(errno));
        else
            printf("pipe %d\n", fcntl(ends[0], F_GETPIPE_SZ));
    } else {
        printf("no mode %s\n", mode);
        return 2;
    }
    return 0;
}
