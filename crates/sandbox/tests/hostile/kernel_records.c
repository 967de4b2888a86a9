/* Reads "KIND COUNT": holds COUNT of the kernel's records with next to no memory of its
   own, for two seconds, then answers. `mappings`: one region split into COUNT mappings
   (every other page writable, so that none merge), none of them touched. `watches`: 300
   pipe ends, each watched by COUNT / 300 epoll instances. A cgroup charges the run for
   each record; so must the sampled layer. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void) {
    char kind[16] = "";
    long count = 0;
    if (scanf("%15s %ld", kind, &count) != 2) return 2;
    long page = sysconf(_SC_PAGESIZE);
    if (strcmp(kind, "mappings") == 0) {
        char *region = mmap(NULL, count * page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (region == MAP_FAILED) return 3;
        for (long i = 0; i < count; i += 2)
            if (mprotect(region + i * page, page, PROT_READ | PROT_WRITE) != 0) break;
    } else {
        int ends[300];
        for (int i = 0; i < 300; i += 2)
            if (pipe(ends + i) != 0) return 3;
        for (long e = 0; e < count / 300; e++) {
            int epoll = epoll_create1(0);
            if (epoll < 0) break;
            for (int i = 0; i < 300; i++) {
                struct epoll_event event = {.events = EPOLLIN, .data.fd = ends[i]};
                epoll_ctl(epoll, EPOLL_CTL_ADD, ends[i], &event);
            }
        }
    }
    sleep(2);
    printf("WIN\n");
    return 0;
}
