/* Goes for the judge: stops and kills its parent and everything it can signal, tries to
   trace its parent and to read the parent's environment, then answers. */
#include <signal.h>
#include <sys/types.h>
#include <stdio.h>
#include <sys/ptrace.h>
#include <unistd.h>
int main(void) {
    pid_t parent = getppid();
    kill(parent, SIGSTOP);
    kill(parent, SIGKILL);
    kill(1, SIGKILL);
    kill(-1, SIGSTOP);
    long traced = ptrace(PTRACE_ATTACH, parent, 0, 0);
    FILE *environ_file = fopen("/proc/1/environ", "r");
    int c = environ_file ? fgetc(environ_file) : EOF;
    printf("%s %s\n", traced == 0 ? "traced" : "untraced", c == EOF ? "unread" : "read");
    return 0;
}
