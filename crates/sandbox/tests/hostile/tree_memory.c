/* Reads "CHILDREN MIB": forks that many workers, each touching MIB MiB and holding it for
   a second, all at once; the parent touches nothing and answers when they are done. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
    int children = 0;
    long mib = 0;
    if (scanf("%d %ld", &children, &mib) != 2) return 2;
    for (int i = 0; i < children; i++) if (fork() == 0) {
        /* volatile: the compiler must not drop the writes as unused. */
        volatile char *block = malloc(mib << 20);
        for (long j = 0; block && j < (mib << 20); j += 4096) block[j] = 1;
        sleep(1);
        _exit(0);
    }
    while (wait(NULL) > 0) {}
    printf("WIN\n");
    return 0;
}
