/* Reads how many processes to try for: forks that many sleepers, stopping at the first
   fork refused, and prints how many it made (the sandbox kills them after the run; they
   let go of the output, which would otherwise keep the run going to its wall-clock cap). */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    int wanted = 0, made = 0;
    if (scanf("%d", &wanted) != 1) return 2;
    for (; made < wanted; made++) {
        int pid = fork();
        if (pid < 0) break;
        if (pid == 0) {
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
            dup2(null, 2);
            pause();
            _exit(0);
        }
    }
    printf("%d\n", made);
    return 0;
}
