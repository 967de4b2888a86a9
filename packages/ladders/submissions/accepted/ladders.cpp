// Hyakugoku and Ladders: backward induction along the path. A roll past the Goal leaves
// the player in place, a self-loop solved in closed form:
// E[p] = (6 + sum over valid rolls of best(p + r)) / (6 - overshooting rolls).
//
// @variant CLAMPED_OVERSHOOT wrong_answer/clamped_overshoot.cpp: a roll past the Goal moves onto the Goal instead of leaving the player in place.
// @variant FORCED_CLIMB wrong_answer/forced_climb.cpp: a ladder the player lands on is always climbed, even when staying is better.
#include <algorithm>
#include <cstdio>

int main() {
    int height[10][10];
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++)
            if (scanf("%d", &height[i][j]) != 1) return 1;
    // top[p]: the path index a ladder at p leads to (p itself when there is none).
    int top[100];
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++) {
            int k = 9 - i;  // row counted from the bottom
            int p = k % 2 == 0 ? 10 * k + j : 10 * k + 9 - j;
            int kt = k + height[i][j];
            top[p] = kt % 2 == 0 ? 10 * kt + j : 10 * kt + 9 - j;
        }
    double e[100];
    e[99] = 0;
    for (int p = 98; p >= 0; p--) {
        double sum = 6;
        int stay = 0;
        for (int r = 1; r <= 6; r++) {
            int q = p + r;
#ifdef CLAMPED_OVERSHOOT
            if (q > 99) q = 99;
#else
            if (q > 99) { stay++; continue; }
#endif
#ifdef FORCED_CLIMB
            sum += e[top[q]];
#else
            sum += std::min(e[q], e[top[q]]);
#endif
        }
        e[p] = sum / (6 - stay);
    }
    printf("%.10f\n", e[0]);
}
