/* Tries to enter new user, network, mount and PID namespaces (where it would hold every
   capability over its own mounts and network) through @HOW@. Prints "made" if the
   kernel made them, or the error it was given. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define NAMESPACES (CLONE_NEWUSER | CLONE_NEWNET | CLONE_NEWNS | CLONE_NEWPID)

int main(void) {
    const char *how = "@HOW@";
    long made;
    if (strcmp(how, "unshare") == 0) {
        made = syscall(SYS_unshare, NAMESPACES);
    } else {
        if (strcmp(how, "clone3") == 0) {
            struct clone_args args;
            memset(&args, 0, sizeof args);
            args.flags = NAMESPACES;
            args.exit_signal = SIGCHLD;
            made = syscall(SYS_clone3, &args, sizeof args);
        } else {
            made = syscall(SYS_clone, NAMESPACES | SIGCHLD, 0, 0, 0, 0);
        }
        if (made == 0)
            _exit(0); /* the child, in its new namespaces */
        if (made > 0)
            waitpid(made, 0, 0);
    }
    if (made < 0)
        printf("%s %s\n", how, strerrorname_np(errno));
    else
        printf("%s made\n", how);
    return 0;
}
