// A solution with a syntax error: the runner must report CE with the compiler's message.
#include <cstdio>
int main() { std::printf("WIN\n") }
