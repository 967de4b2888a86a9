// Answer validator for Statues: one line, WIN or LOSE. Run as `validate input < answer`;
// exits 42 when valid, 43 with the reason otherwise.

#include "strict_input.h"

int main() {
    read_word({"WIN", "LOSE"});
    expect('\n');
    expect_end();
}
