// Statues: a search over (Maria's square, rounds played). A statue that starts in row r
// stands in row r + t after t falls, so the board depends only on t, and after 8 falls
// it is empty: surviving 8 rounds wins.
//
// @variant NO_WAITING wrong_answer/no_waiting.cpp: Maria never stays where she is (some boards need waiting).
// @variant SIX_ROUNDS wrong_answer/six_rounds.cpp: Maria is declared the winner once she survives 6 rounds (7 are needed).
#include <cstdio>
#include <cstring>

static char board[8][9];

// Whether a statue stands on (row, col) after t falls.
static bool statue(int row, int col, int t) {
    int from = row - t;
    return from >= 0 && board[from][col] == 'S';
}

int main() {
    for (int r = 0; r < 8; r++) {
        if (scanf("%8s", board[r]) != 1) return 1;
    }
    bool seen[8][8][9];
    memset(seen, 0, sizeof seen);
    int stack[8 * 8 * 9][3];
    int top = 0;
    stack[top][0] = 7, stack[top][1] = 0, stack[top][2] = 0, top++;
    seen[7][0][0] = true;
    bool win = false;
    while (top > 0 && !win) {
        top--;
        int r = stack[top][0], c = stack[top][1], t = stack[top][2];
#ifdef SIX_ROUNDS
        if (t == 6) { win = true; break; }
#else
        if (t == 8) { win = true; break; }
#endif
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                int nr = r + dr, nc = c + dc;
#ifdef NO_WAITING
                if ((dr == 0 && dc == 0) || nr < 0 || nr >= 8 || nc < 0 || nc >= 8) continue;
#else
                if (nr < 0 || nr >= 8 || nc < 0 || nc >= 8) continue;
#endif
                // Free now (she may not step onto a statue) and after the fall.
                if (statue(nr, nc, t) || statue(nr, nc, t + 1)) continue;
                if (nr == 0 && nc == 7) { win = true; continue; }
                if (!seen[nr][nc][t + 1]) {
                    seen[nr][nc][t + 1] = true;
                    stack[top][0] = nr, stack[top][1] = nc, stack[top][2] = t + 1, top++;
                }
            }
    }
    puts(win ? "WIN" : "LOSE");
}
