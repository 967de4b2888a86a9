/* Takes and touches 64 MiB, far past gam's 8 MB: MLE in the terminal and in the page. Every
   page is written with a byte of the input and all are summed, so no compiler can leave the
   memory out. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    size_t size = (size_t)64 << 20;
    int first = getchar();
    volatile char *block = malloc(size);
    if (!block) return 3;
    for (size_t at = 0; at < size; at += 4096) block[at] = (char)(first + at);
    long sum = 0;
    for (size_t at = 0; at < size; at += 4096) sum += block[at];
    printf("%ld\n", sum);
    return 0;
}
