// Input validator for Descending in the Dark: T (1..20) cases of 'R C' (3..60) and R rows
// of C characters from '#.0-9', walls all around, caves 0..d-1 once each (1 <= d <= 10).
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

int main() {
    long cases = read_int(1, 20);
    expect('\n');
    for (long t = 0; t < cases; t++) {
        long rows = read_int(3, 60);
        expect(' ');
        long cols = read_int(3, 60);
        expect('\n');
        int seen[10] = {0};
        for (long r = 0; r < rows; r++) {
            std::string row = read_row(cols, "#.0123456789");
            line_no--;
            for (long c = 0; c < cols; c++) {
                bool border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
                if (border && row[c] != '#') refuse("a border square is not a wall");
                if (row[c] >= '0' && row[c] <= '9' && seen[row[c] - '0']++) refuse("a cave appears twice");
            }
            line_no++;
        }
        int caves = 0;
        while (caves < 10 && seen[caves]) caves++;
        for (int k = caves; k < 10; k++)
            if (seen[k]) refuse("cave labels are not 0..d-1");
        if (caves == 0) refuse("a case without a cave");
    }
    expect_end();
}
