// The strict reading every package's validator shares, input and answer validators alike:
// the whole of standard input in memory, a cursor, and a refusal naming the line (exit 43);
// the validator ends with expect_end() (exit 42: valid). The exporter copies this file
// beside each validate.cpp.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
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

// A word (up to the next space or newline) that must be one of `words`.
[[maybe_unused]] static std::string read_word(std::initializer_list<const char*> words) {
    size_t start = at;
    while (at < in.size() && in[at] != ' ' && in[at] != '\n') at++;
    std::string word = in.substr(start, at - start);
    std::string listed;
    for (const char* w : words) {
        if (word == w) return word;
        listed += listed.empty() ? w : std::string(" or ") + w;
    }
    refuse("expected " + listed + ", found '" + word + "'");
}

static void expect_end() {
    if (at != in.size()) refuse("expected the end of the input");
    exit(42);
}

