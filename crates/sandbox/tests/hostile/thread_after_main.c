/* Reads "MIB": a child whose parent ignores SIGCHLD (so the kernel reaps it, unseen) ends
   its main thread with pthread_exit while a second thread touches MIB MiB and holds it
   for two seconds; the parent waits that long and answers. The process's own /proc files
   show no memory once its main thread is gone: only its threads' do. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static long mib = 0;
static void *hold(void *unused) {
    (void)unused;
    /* volatile: the compiler must not drop the writes as unused. */
    volatile char *block = malloc(mib << 20);
    for (long j = 0; block && j < (mib << 20); j += 4096) block[j] = 1;
    sleep(2);
    return NULL;
}
int main(void) {
    if (scanf("%ld", &mib) != 1) return 2;
    signal(SIGCHLD, SIG_IGN);
    if (fork() == 0) {
        pthread_t thread;
        if (pthread_create(&thread, NULL, hold, NULL) != 0) _exit(3);
        pthread_exit(NULL);
    }
    sleep(3);
    printf("WIN\n");
    return 0;
}
