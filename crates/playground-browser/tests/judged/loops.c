/* Never ends: TLE in the terminal and in the page. */
#include <stdio.h>
int main(void) {
    volatile unsigned long spins = 0;
    for (;;) spins++;
}
