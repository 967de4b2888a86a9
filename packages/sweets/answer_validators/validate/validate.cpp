// Answer validator for Sweets Game: one line, Karlsson or Lillebror. Run as
// `validate input < answer`; exits 42 when valid, 43 with the reason otherwise.

#include "strict_input.h"

int main() {
    read_word({"Karlsson", "Lillebror"});
    expect('\n');
    expect_end();
}
