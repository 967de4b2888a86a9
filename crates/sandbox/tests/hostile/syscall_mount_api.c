/* Tries the new mount API: from new user and mount namespaces if it can make them (where
   mounting is allowed), else as it is: opens a tmpfs with fsopen, clones the mount of
   its folder with open_tree, and moves that copy onto the folder with move_mount.
   Prints each call's outcome. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE 1
#endif

static void outcome(const char *call, long result) {
    if (result < 0)
        printf("%s %s", call, strerrorname_np(errno));
    else
        printf("%s ok", call);
}

static void attack(void) {
    outcome("fsopen", syscall(SYS_fsopen, "tmpfs", 0));
    putchar(' ');
    long tree = syscall(SYS_open_tree, AT_FDCWD, ".", OPEN_TREE_CLONE | AT_RECURSIVE);
    outcome("open_tree", tree);
    putchar(' ');
    outcome("move_mount", syscall(SYS_move_mount, tree, "", AT_FDCWD, ".", 4 /* F_EMPTY_PATH */));
    putchar('\n');
    fflush(stdout);
}

int main(void) {
    long child = syscall(SYS_clone, CLONE_NEWUSER | CLONE_NEWNS | SIGCHLD, 0, 0, 0, 0);
    if (child == 0) {
        attack();
        _exit(0);
    }
    if (child > 0)
        waitpid(child, 0, 0);
    else
        attack();
    return 0;
}
