// Recurses 200,000 calls deep, each frame kept alive by the sum after the call: a judge's
// stack (the whole memory budget) holds it; the browser's own stack does not.
#include <cstdio>
static long depth(long n, volatile long *sink) {
    if (n == 0) return 0;
    long below = depth(n - 1, sink);
    *sink = below;
    return below + n % 7;
}
int main() {
    volatile long sink = 0;
    std::printf("%ld\n", depth(200000, &sink) > 0 ? 1L : 0L);
}
