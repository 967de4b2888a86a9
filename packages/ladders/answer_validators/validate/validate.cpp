// Answer validator for Hyakugoku and Ladders: one line with the expected number of turns,
// a decimal with a fractional part, at least 1 (the Goal is never reached in no turn).
// Run as `validate input < answer`; exits 42 when valid, 43 with the reason otherwise.

#include "strict_input.h"

int main() {
    read_int(1, 1000000);
    expect('.');
    size_t digits = 0;
    while (at < in.size() && in[at] >= '0' && in[at] <= '9') at++, digits++;
    if (digits == 0) refuse("expected the digits after the point");
    expect('\n');
    expect_end();
}
