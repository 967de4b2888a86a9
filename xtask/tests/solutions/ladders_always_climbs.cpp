// Codeforces 1245E "Hyakugoku and Ladders", with a classic mistake: the player always
// climbs a ladder she stops on, although climbing is optional.
#include <cstdio>

int main() {
    int h[10][10];
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 10; ++j)
            if (std::scanf("%d", &h[i][j]) != 1) return 1;
    // Square index along the path: row k from the bottom, column j.
    auto index = [](int k, int j) { return k % 2 == 0 ? 10 * k + j : 10 * k + 9 - j; };
    int top[100];
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 10; ++j) {
            int k = 9 - i;
            int p = index(k, j);
            top[p] = h[i][j] ? index(k + h[i][j], j) : p;
        }
    double e[100];
    e[99] = 0;
    for (int p = 98; p >= 0; --p) {
        double sum = 6;
        int valid = 0;
        for (int r = 1; r <= 6; ++r) {
            if (p + r > 99) continue;
            ++valid;
            sum += e[top[p + r]];
        }
        e[p] = sum / valid;
    }
    std::printf("%.10f\n", e[0]);
}
