// Answer validator for Game (BOI 2008): one line per board of the input, A or B. Run as
// `validate input < answer`; the number of boards is the input's first line. Exits 42
// when valid, 43 with the reason otherwise.

#include <fstream>
#include "strict_input.h"

int main(int argc, char** argv) {
    long boards = 0;
    if (argc < 2 || !(std::ifstream(argv[1]) >> boards)) {
        fprintf(stderr, "usage: validate INPUT < ANSWER (cannot read the number of boards)\n");
        return 1;
    }
    for (long t = 0; t < boards; t++) {
        read_word({"A", "B"});
        expect('\n');
    }
    expect_end();
}
