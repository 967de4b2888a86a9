/* Writes a file of exactly @BYTES@ bytes in the box (its working folder), then says how
   many it wrote: a file past the cap on files must fail, as output past the cap does. */
#include <signal.h>
#include <stdio.h>
int main(void) {
    signal(SIGXFSZ, SIG_IGN);
    FILE *file = fopen("big", "w");
    if (!file) return 3;
    long written = 0;
    for (long i = 0; i < @BYTES@; i++) {
        if (fputc('x', file) == EOF) break;
        written++;
    }
    if (fclose(file) != 0) written = -1;
    printf("%ld\n", written);
    return 0;
}
