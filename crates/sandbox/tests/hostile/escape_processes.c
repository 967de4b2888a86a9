/* Leaves processes behind that no process-group kill reaches: a double fork into a new
   session, and a child in a process group of its own, each with its output closed (a
   process holding the output keeps the run going: output_after_end.c); then answers at
   once. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
static void quiet(void) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
}
int main(void) {
    if (fork() == 0) {
        setsid();
        if (fork() == 0) { quiet(); execl("/bin/sleep", "sleep", "617", (char *)0); }
        _exit(0);
    }
    if (fork() == 0) {
        setpgid(0, 0);
        quiet();
        execl("/bin/sleep", "sleep", "618", (char *)0);
    }
    printf("WIN\n");
    return 0;
}
