/* Reads "KIB FORKS": an honest program that touches KIB KiB of heap and, if FORKS is 1,
   forks once (the child holds the same pages, copy-on-write, for a moment) before it
   answers. Near a small budget (gam's 8 MB) it must get one verdict in every layer: the
   C library's pages, there before the run, are not the program's memory, and a fork's
   shared pages are held once. */
#define _DEFAULT_SOURCE /* usleep, clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
    long kib = 0;
    int forks = 0;
    if (scanf("%ld %d", &kib, &forks) != 2) return 2;
    /* volatile: the compiler must not drop the writes as unused. */
    volatile char *heap = malloc(kib << 10);
    for (long j = 0; heap && j < (kib << 10); j += 4096) heap[j] = 1;
    if (forks == 1) {
        pid_t child = fork();
        if (child == 0) {
            usleep(300 * 1000);
            _exit(heap[0] == 1 ? 0 : 1);
        }
        waitpid(child, NULL, 0);
    } else {
        usleep(300 * 1000);
    }
    printf("WIN\n");
    return 0;
}
