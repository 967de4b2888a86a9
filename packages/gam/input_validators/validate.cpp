// Input validator for Game (BOI 2008): t (1..10) boards, each n (2..300) then n rows of n
// characters from '.#AB' with one A and one B joined by a path of white squares.
// Exits 42 when valid, 43 with the reason otherwise.

// Strict reading: the whole input in memory, a cursor, and a refusal naming the line.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>

static std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
static size_t at = 0;
static int line_no = 1;

[[noreturn]] static void refuse(const std::string& why) {
    fprintf(stderr, "line %d: %s\n", line_no, why.c_str());
    exit(43);
}

static void expect(char c) {
    if (at >= in.size() || in[at] != c) {
        std::string what = c == '\n' ? "end of line" : c == ' ' ? "one space" : std::string(1, c);
        refuse("expected " + what);
    }
    at++;
    if (c == '\n') line_no++;
}

// A decimal integer in [lo, hi] without sign or leading zeros.
[[maybe_unused]] static long read_int(long lo, long hi) {
    size_t start = at;
    long value = 0;
    while (at < in.size() && in[at] >= '0' && in[at] <= '9' && at - start < 12)
        value = value * 10 + (in[at++] - '0');
    if (at == start) refuse("expected an integer");
    if (in[start] == '0' && at - start > 1) refuse("leading zero");
    if (value < lo || value > hi)
        refuse("integer " + std::to_string(value) + " outside [" + std::to_string(lo) + ", " +
               std::to_string(hi) + "]");
    return value;
}

// A line of exactly `len` characters from `allowed`, then its newline.
[[maybe_unused]] static std::string read_row(size_t len, const std::string& allowed) {
    std::string row;
    while (at < in.size() && in[at] != '\n') {
        if (allowed.find(in[at]) == std::string::npos)
            refuse(std::string("unexpected character '") + in[at] + "'");
        row += in[at++];
    }
    if (row.size() != len)
        refuse("expected " + std::to_string(len) + " characters, found " + std::to_string(row.size()));
    expect('\n');
    return row;
}

static void expect_end() {
    if (at != in.size()) refuse("expected the end of the input");
    exit(42);
}

#include <vector>

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
