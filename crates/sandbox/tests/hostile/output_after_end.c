/* Output written after the program has ended. `late`: a child writes LATE 100 ms after
   the program printed EARLY and ended. `holder`: a child in a session of its own keeps
   the output open and sleeps, after the program printed WIN and ended. `closed`: the same
   child with its output closed first. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "late";
    if (fork() == 0) {
        if (strcmp(mode, "late") == 0) {
            usleep(100000);
            write(1, "LATE\n", 5);
            _exit(0);
        }
        setsid();
        if (strcmp(mode, "closed") == 0) {
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
            dup2(null, 2);
        }
        execl("/bin/sleep", "sleep", strcmp(mode, "closed") == 0 ? "621" : "619", (char *)0);
        _exit(1);
    }
    printf(strcmp(mode, "late") == 0 ? "EARLY\n" : "WIN\n");
    return 0;
}
