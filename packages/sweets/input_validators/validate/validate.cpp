// Input validator for Sweets Game: 5 lines of 3, 4, 5, 4, 3 words 'O' or '.', indented by
// 2, 1, 0, 1, 2 spaces, single spaces between; at least one chocolate. Exits 42 when valid.

#include "strict_input.h"

int main() {
    const int words[5] = {3, 4, 5, 4, 3}, indent[5] = {2, 1, 0, 1, 2};
    int chocolates = 0;
    for (int r = 0; r < 5; r++) {
        for (int s = 0; s < indent[r]; s++) expect(' ');
        for (int k = 0; k < words[r]; k++) {
            if (at < in.size() && (in[at] == 'O' || in[at] == '.')) chocolates += in[at++] == 'O';
            else refuse("expected 'O' or '.'");
            expect(k + 1 < words[r] ? ' ' : '\n');
        }
    }
    if (chocolates == 0) refuse("the box holds no chocolate");
    expect_end();
}
