/* Leaves processes behind that no process-group kill reaches: a double fork into a new
   session, and a child in a process group of its own; then answers at once. */
#include <stdio.h>
#include <unistd.h>
int main(void) {
    if (fork() == 0) {
        setsid();
        if (fork() == 0) { execl("/bin/sleep", "sleep", "617", (char *)0); }
        _exit(0);
    }
    if (fork() == 0) {
        setpgid(0, 0);
        execl("/bin/sleep", "sleep", "618", (char *)0);
    }
    printf("WIN\n");
    return 0;
}
