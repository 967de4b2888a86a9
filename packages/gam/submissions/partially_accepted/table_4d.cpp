// Partially accepted on purpose: the layered game of the jury's solution, but with one
// byte per pair of squares (A's square, B's square), an n^4 table. It is right, and
// it fits the memory limit up to n = 40 (the first 6 groups, 40 points); larger boards
// fail to allocate it. DOMjudge reads the score it must get from the next line.
// @EXPECTED_SCORE@: 40
#include <cstdio>
#include <vector>

static int n;
static std::vector<char> grid;

static std::vector<int> bfs(int start) {
    std::vector<int> dist(n * n, -1), queue{start};
    dist[start] = 0;
    for (size_t head = 0; head < queue.size(); head++) {
        int s = queue[head], r = s / n, c = s % n;
        const int nb[4] = {r > 0 ? s - n : -1, r + 1 < n ? s + n : -1, c > 0 ? s - 1 : -1,
                           c + 1 < n ? s + 1 : -1};
        for (int t : nb)
            if (t >= 0 && grid[t] != '#' && dist[t] < 0) dist[t] = dist[s] + 1, queue.push_back(t);
    }
    return dist;
}

int main() {
    int tests;
    if (scanf("%d", &tests) != 1) return 1;
    while (tests--) {
        if (scanf("%d", &n) != 1) return 1;
        grid.assign(n * n, '#');
        std::vector<char> line(n + 2);
        int a = -1, b = -1;
        for (int r = 0; r < n; r++) {
            if (scanf("%s", line.data()) != 1) return 1;
            for (int c = 0; c < n; c++) {
                grid[r * n + c] = line[c];
                if (line[c] == 'A') a = r * n + c;
                if (line[c] == 'B') b = r * n + c;
            }
        }
        std::vector<int> da = bfs(a), db = bfs(b);
        int d = da[b];
        if (d % 2 == 1) { puts("A"); continue; }
        int m = d / 2, cells = n * n;
        std::vector<std::vector<int>> la(m + 1), lb(m + 1);
        for (int s = 0; s < cells; s++) {
            if (da[s] < 0 || da[s] + db[s] != d) continue;
            if (da[s] <= m) la[da[s]].push_back(s);
            if (db[s] <= m) lb[db[s]].push_back(s);
        }
        std::vector<char> win((size_t)cells * cells, 0);  // win[a * cells + b], A to move
        auto next = [&](int s, int k, const std::vector<int>& dist) {
            std::vector<int> out;
            int r = s / n, c = s % n;
            const int nb[4] = {r > 0 ? s - n : -1, r + 1 < n ? s + n : -1, c > 0 ? s - 1 : -1,
                               c + 1 < n ? s + 1 : -1};
            for (int t : nb)
                if (t >= 0 && da[t] >= 0 && da[t] + db[t] == d && dist[t] == k + 1) out.push_back(t);
            return out;
        };
        for (int x : la[m])
            for (int y : lb[m]) win[(size_t)x * cells + y] = x != y;
        for (int k = m - 1; k >= 0; k--)
            for (int x : la[k])
                for (int y : lb[k]) {
                    bool wins = false;
                    for (int x2 : next(x, k, da)) {
                        bool all = true;
                        for (int y2 : next(y, k, db)) all = all && win[(size_t)x2 * cells + y2];
                        wins = wins || all;
                    }
                    win[(size_t)x * cells + y] = wins;
                }
        puts(win[(size_t)a * cells + b] ? "A" : "B");
    }
}
