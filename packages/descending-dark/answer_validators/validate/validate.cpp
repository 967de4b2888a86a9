// Answer validator for Descending in the Dark: for test case x, a line `Case #x:`, then
// one line `c: n Lucky` or `c: n Unlucky` per cave c = 0..d-1 of that case's grid, with
// 1 <= n <= R * C. Run as `validate input < answer`; the cases and their caves are read
// from the input (already validated). Exits 42 when valid, 43 with the reason otherwise.

#include <fstream>
#include <vector>
#include "strict_input.h"

int main(int argc, char** argv) {
    std::ifstream input(argc >= 2 ? argv[1] : "");
    long cases = 0;
    if (!(input >> cases)) {
        fprintf(stderr, "usage: validate INPUT < ANSWER (cannot read the input)\n");
        return 1;
    }
    for (long x = 1; x <= cases; x++) {
        long rows = 0, cols = 0, caves = 0;
        input >> rows >> cols;
        for (long r = 0; r < rows; r++) {
            std::string row;
            input >> row;
            for (char ch : row) caves += ch >= '0' && ch <= '9';
        }
        for (const char* word : {"Case", " #"})
            for (const char* c = word; *c; c++) expect(*c);
        read_int(x, x);
        expect(':');
        expect('\n');
        for (long c = 0; c < caves; c++) {
            read_int(c, c);
            expect(':');
            expect(' ');
            read_int(1, rows * cols);
            expect(' ');
            read_word({"Lucky", "Unlucky"});
            expect('\n');
        }
    }
    expect_end();
}
