// Descending in the Dark: S_C by a backward search from the cave, then the official
// analysis's pruning. S_C is closed under Left/Right, so it is a union of wall-to-wall
// intervals; all intervals of one length share the same offset under any plan. An
// interval is dropped once some offset reachable for its length (never one whose exit
// leads outside S_C, for any live interval) lets it descend into S_C.
//
// @variant EXITS_BY_PASSABLE wrong_answer/exits_by_passable.cpp: an exit counts as good when the square below is open, in S_C or not.
// @variant ONE_PASS wrong_answer/one_pass.cpp: intervals are pruned in one round instead of repeating until nothing drops.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using u64 = std::uint64_t;

struct Interval {
    int len;
    u64 good, bad;
};

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    for (int tc = 1; tc <= cases; tc++) {
        int rows, cols;
        if (scanf("%d %d", &rows, &cols) != 2) return 1;
        std::vector<std::string> grid(rows);
        char buf[128];
        for (int r = 0; r < rows; r++) {
            if (scanf("%127s", buf) != 1) return 1;
            grid[r] = buf;
        }
        printf("Case #%d:\n", tc);
        for (int label = 0; label < 10; label++) {
            int cr = -1, cc = -1;
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++)
                    if (grid[r][c] == '0' + label) cr = r, cc = c;
            if (cr < 0) break;
            auto open = [&](int r, int c) { return grid[r][c] != '#'; };
            std::vector<std::vector<char>> in(rows, std::vector<char>(cols, 0));
            std::vector<std::pair<int, int>> todo{{cr, cc}};
            in[cr][cc] = 1;
            int count = 0;
            while (!todo.empty()) {
                auto [r, c] = todo.back();
                todo.pop_back();
                count++;
                // Who gets here in one move: Down from above, Right from the left,
                // Left from the right.
                const int pr[3] = {r - 1, r, r}, pc[3] = {c, c - 1, c + 1};
                for (int k = 0; k < 3; k++) {
                    int a = pr[k], b = pc[k];
                    if (a >= 0 && b >= 0 && b < cols && open(a, b) && !in[a][b]) {
                        in[a][b] = 1;
                        todo.push_back({a, b});
                    }
                }
            }
            std::vector<Interval> intervals;
            int own = -1;
            for (int r = 0; r <= cr; r++)
                for (int c = 0; c < cols; c++) {
                    if (!in[r][c] || in[r][c - 1]) continue;
                    Interval it{0, 0, 0};
                    for (int x = c; in[r][x]; x++, it.len++) {
                        if (r == cr && x == cc) own = (int)intervals.size();
#ifdef EXITS_BY_PASSABLE
                        if (r + 1 < rows && open(r + 1, x)) it.good |= u64(1) << it.len;
#else
                        if (r + 1 < rows && in[r + 1][x]) it.good |= u64(1) << it.len;
#endif
                        else if (r + 1 < rows && open(r + 1, x)) it.bad |= u64(1) << it.len;
                    }
                    intervals.push_back(it);
                }
            std::vector<char> live(intervals.size(), 1);
            const int maxlen = 64;
#ifdef ONE_PASS
            for (bool dropped = true; dropped; dropped = false) {
#else
            for (bool dropped = true; dropped;) {
#endif
                dropped = false;
                u64 forbid[maxlen + 2] = {0};
                for (size_t i = 0; i < intervals.size(); i++)
                    if (live[i]) forbid[intervals[i].len] |= intervals[i].bad;
                u64 reach[maxlen + 2] = {0};
                reach[1] = 1 & ~forbid[1];
                for (int l = 2; l <= maxlen; l++)
                    reach[l] = (reach[l - 1] | reach[l - 1] << 1) & ~forbid[l];
                for (int l = maxlen - 1; l >= 1; l--)
                    reach[l] &= reach[l + 1] | reach[l + 1] >> 1;
                for (size_t i = 0; i < intervals.size(); i++)
                    if (live[i] && (intervals[i].good & reach[intervals[i].len])) {
                        live[i] = 0;
                        dropped = true;
                    }
            }
            bool lucky = true;
            for (size_t i = 0; i < intervals.size(); i++)
                if (live[i] && (int)i != own) lucky = false;
            printf("%d: %d %s\n", label, count, lucky ? "Lucky" : "Unlucky");
        }
    }
}
