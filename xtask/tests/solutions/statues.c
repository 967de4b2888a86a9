/* Codeforces 128A "Statues", an independent solution in C (the same search as
   statues.py), recursive over the rounds. */
#include <stdio.h>
#include <string.h>

static char rows[8][16];

static int blocked(int r, int c, int t) { return r - t >= 0 && rows[r - t][c] == 'S'; }

static int survives(int r, int c, int t) {
    if (t == 9) return 1;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int nr = r + dr, nc = c + dc;
            if (nr < 0 || nr >= 8 || nc < 0 || nc >= 8) continue;
            if (blocked(nr, nc, t) || blocked(nr, nc, t + 1)) continue;
            if (survives(nr, nc, t + 1)) return 1;
        }
    return 0;
}

int main(void) {
    for (int i = 0; i < 8; i++)
        if (scanf("%15s", rows[i]) != 1) return 1;
    puts(survives(7, 0, 0) ? "WIN" : "LOSE");
    return 0;
}
