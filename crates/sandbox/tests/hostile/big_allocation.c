/* Allocates 2 GiB and touches it. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    size_t size = (size_t)2 << 30;
    /* volatile: the compiler must not drop the writes as unused. */
    volatile char *block = malloc(size);
    if (!block) { fprintf(stderr, "malloc failed\n"); return 1; }
    for (size_t i = 0; i < size; i += 4096) block[i] = 1;
    printf("%d\n", block[size - 4096]);
    return 0;
}
