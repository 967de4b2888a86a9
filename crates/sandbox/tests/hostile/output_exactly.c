/* Prints exactly @BYTES@ bytes. */
#include <stdio.h>
int main(void) {
    for (long i = 0; i < @BYTES@; i++) putchar('x');
    return 0;
}
