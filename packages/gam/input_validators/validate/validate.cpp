// Input validator for Game (BOI 2008): t (1..10) boards, each n (2..300) then n rows of n
// characters from '.#AB' with one A and one B joined by a path of white squares.
// Exits 42 when valid, 43 with the reason otherwise.

#include <vector>
#include "strict_input.h"

int main() {
    long tests = read_int(1, 10);
    expect('\n');
    for (long t = 0; t < tests; t++) {
        long n = read_int(2, 300);
        expect('\n');
        std::string board;
        for (long r = 0; r < n; r++) board += read_row(n, ".#AB");
        size_t a = board.find('A'), b = board.find('B');
        if (a == std::string::npos || board.find('A', a + 1) != std::string::npos) refuse("expected one A");
        if (b == std::string::npos || board.find('B', b + 1) != std::string::npos) refuse("expected one B");
        std::vector<char> seen(board.size(), 0);
        std::vector<size_t> queue{a};
        seen[a] = 1;
        for (size_t head = 0; head < queue.size(); head++) {
            size_t s = queue[head];
            size_t r = s / n, c = s % n;
            const long nb[4] = {r > 0 ? long(s - n) : -1, r + 1 < size_t(n) ? long(s + n) : -1,
                                c > 0 ? long(s - 1) : -1, c + 1 < size_t(n) ? long(s + 1) : -1};
            for (long x : nb)
                if (x >= 0 && board[x] != '#' && !seen[x]) seen[x] = 1, queue.push_back(x);
        }
        if (!seen[b]) refuse("no white path joins A and B");
    }
    expect_end();
}
