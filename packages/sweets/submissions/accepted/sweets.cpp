// Sweets Game: every box of the 19 cells is a bit mask; a move removes a segment of
// consecutive full cells on one line. Win/lose for all 2^19 boxes, smallest first.
//
// @variant SINGLES_ONLY wrong_answer/singles_only.cpp: only single chocolates are eaten, as if longer segments were not moves.
// @variant TWO_DIRECTIONS wrong_answer/two_directions.cpp: moves along the rows and one diagonal only, forgetting the down-left lines.
#include <cstdio>
#include <vector>

int main() {
    const int len[5] = {3, 4, 5, 4, 3};
    const int indent[5] = {2, 1, 0, 1, 2};
    // cell[r][x]: the index of the cell at row r, text column x, or -1.
    int cell[5][9];
    int n = 0;
    for (int r = 0; r < 5; r++) {
        for (int x = 0; x < 9; x++) cell[r][x] = -1;
        for (int k = 0; k < len[r]; k++) cell[r][indent[r] + 2 * k] = n++;
    }
    std::vector<int> segments;
    const int dr[3] = {0, 1, 1}, dx[3] = {2, 1, -1};
    for (int r = 0; r < 5; r++)
        for (int x = 0; x < 9; x++) {
            if (cell[r][x] < 0) continue;
#ifdef TWO_DIRECTIONS
            for (int d = 0; d < 2; d++) {
#else
            for (int d = 0; d < 3; d++) {
#endif
                int mask = 0, rr = r, xx = x;
#ifdef SINGLES_ONLY
                while (mask == 0 && rr < 5 && xx >= 0 && xx < 9 && cell[rr][xx] >= 0) {
#else
                while (rr < 5 && xx >= 0 && xx < 9 && cell[rr][xx] >= 0) {
#endif
                    mask |= 1 << cell[rr][xx];
                    // A single cell is found once per direction: keep it once.
#ifdef SINGLES_ONLY
                    if (d == 0) segments.push_back(mask);
#else
                    if (d == 0 || mask != (1 << cell[r][x])) segments.push_back(mask);
#endif
                    rr += dr[d], xx += dx[d];
                }
            }
        }
    int box = 0, index = 0;
    char word[4];
    while (scanf("%3s", word) == 1) {
        if (word[0] == 'O') box |= 1 << index;
        index++;
    }
    std::vector<char> win(1 << 19, 0);
    for (int mask = 1; mask <= box; mask++)
        for (int s : segments)
            if ((mask & s) == s && !win[mask ^ s]) { win[mask] = 1; break; }
    puts(win[box] ? "Karlsson" : "Lillebror");
}
