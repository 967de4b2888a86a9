/* Four forked workers touch 100 MiB each, at the same time; the parent answers. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
    for (int i = 0; i < 4; i++) if (fork() == 0) {
        /* volatile: the compiler must not drop the writes as unused. */
        volatile char *block = malloc(100 << 20);
        for (long j = 0; block && j < (100 << 20); j += 4096) block[j] = 1;
        sleep(1);
        _exit(0);
    }
    while (wait(NULL) > 0) {}
    printf("WIN\n");
    return 0;
}
