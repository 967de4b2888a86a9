// Input validator for Statues: 8 lines of 8 characters, A last on line 1, M first on line 8,
// '.' or 'S' elsewhere. Exits 42 when valid, 43 with the reason otherwise.

#include "strict_input.h"

int main() {
    for (int r = 0; r < 8; r++) {
        std::string row = read_row(8, ".SAM");
        for (int c = 0; c < 8; c++) {
            char want = r == 0 && c == 7 ? 'A' : r == 7 && c == 0 ? 'M' : 0;
            line_no--;  // name the row just read
            if (want && row[c] != want) refuse(std::string("expected ") + want + " in column " + std::to_string(c + 1));
            if (!want && row[c] != '.' && row[c] != 'S') refuse("expected '.' or 'S' in column " + std::to_string(c + 1));
            line_no++;
        }
    }
    expect_end();
}
