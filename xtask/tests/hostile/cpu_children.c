/* Two forked workers burn 1.5 s of CPU each; the parent, idle, answers after 1.9 s and
   never waits for them, so its own CPU time is next to nothing. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>
static void burn(double seconds) {
    volatile unsigned long spin = 0;
    while ((double)clock() / CLOCKS_PER_SEC < seconds) spin++;
}
int main(void) {
    for (int i = 0; i < 2; i++) if (fork() == 0) { burn(1.5); _exit(0); }
    usleep(1900000);
    printf("WIN\n");
    return 0;
}
