/* Two workers, orphaned at once (their parent exits), burn 0.8 s of CPU each and then
   tell the program through a pipe; the program never waits for them, so its own CPU
   time (and its children's, as wait4 reports them) is next to nothing. */
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static void burn(double seconds) {
    volatile unsigned long spin = 0;
    while ((double)clock() / CLOCKS_PER_SEC < seconds) spin++;
}
int main(void) {
    int done[2];
    if (pipe(done) != 0) return 1;
    for (int i = 0; i < 2; i++) {
        if (fork() == 0) {
            if (fork() == 0) { burn(0.8); (void)write(done[1], "x", 1); _exit(0); }
            _exit(0);
        }
        wait(NULL);
    }
    char byte;
    for (int i = 0; i < 2; i++) (void)read(done[0], &byte, 1);
    printf("WIN\n");
    return 0;
}
