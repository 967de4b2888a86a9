/* Reads its input, then aborts: RE in the terminal (SIGABRT) and in the page (a trap). */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    char row[64];
    if (scanf("%63s", row) != 1) return 2;
    abort();
}
