// Input validator for Descending in the Dark: T (1..20) cases of 'R C' (3..60) and R rows
// of C characters from '#.0-9', walls all around, caves 0..d-1 once each (1 <= d <= 10).
// Exits 42 when valid, 43 with the reason otherwise.

#include "strict_input.h"

int main() {
    long cases = read_int(1, 20);
    expect('\n');
    for (long t = 0; t < cases; t++) {
        long rows = read_int(3, 60);
        expect(' ');
        long cols = read_int(3, 60);
        expect('\n');
        int seen[10] = {0};
        for (long r = 0; r < rows; r++) {
            std::string row = read_row(cols, "#.0123456789");
            line_no--;
            for (long c = 0; c < cols; c++) {
                bool border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
                if (border && row[c] != '#') refuse("a border square is not a wall");
                if (row[c] >= '0' && row[c] <= '9' && seen[row[c] - '0']++) refuse("a cave appears twice");
            }
            line_no++;
        }
        int caves = 0;
        while (caves < 10 && seen[caves]) caves++;
        for (int k = caves; k < 10; k++)
            if (seen[k]) refuse("cave labels are not 0..d-1");
        if (caves == 0) refuse("a case without a cave");
    }
    expect_end();
}
