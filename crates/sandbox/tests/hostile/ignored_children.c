/* Reads "CHILDREN MS": ignores SIGCHLD, so that the kernel reaps its children itself and
   adds their CPU time to no one's, then starts CHILDREN children one after another, each
   burning MS milliseconds of CPU; answers once they are done. */
#define _DEFAULT_SOURCE /* usleep, clock_gettime */
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}
int main(void) {
    int children = 0;
    long ms = 0;
    if (scanf("%d %ld", &children, &ms) != 2) return 2;
    signal(SIGCHLD, SIG_IGN);
    for (int i = 0; i < children; i++) {
        if (fork() == 0) {
            volatile unsigned long spin = 0;
            while (cpu_seconds() < ms / 1000.0) spin++;
            _exit(0);
        }
        /* One at a time: the next starts once this one is gone. */
        usleep(ms * 1000);
    }
    sleep(1);
    printf("WIN\n");
    return 0;
}
