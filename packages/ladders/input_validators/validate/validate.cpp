// Input validator for Hyakugoku and Ladders: 10 lines of 10 integers separated by single
// spaces, 0 <= h < i on line i, no ladder on the start square. Exits 42 when valid.

#include "strict_input.h"

int main() {
    for (int i = 1; i <= 10; i++) {
        for (int j = 1; j <= 10; j++) {
            long h = read_int(0, i - 1);
            if (i == 10 && j == 1 && h != 0) refuse("the start square holds a ladder");
            expect(j < 10 ? ' ' : '\n');
        }
    }
    expect_end();
}
