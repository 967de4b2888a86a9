// Ordinary things an honest solution does: recursion a million deep, threads, the
// standard library; then echoes its input.
#include <iostream>
#include <numeric>
#include <string>
#include <thread>
#include <vector>
static long depth(long n) { volatile char frame[64]; frame[0] = 1; return n == 0 ? frame[0] : depth(n - 1) + frame[0]; }
int main() {
    std::vector<long> parts(4);
    std::vector<std::thread> workers;
    for (int i = 0; i < 4; i++) workers.emplace_back([&parts, i] { parts[i] = i; });
    for (auto &worker : workers) worker.join();
    if (depth(1000000) != 1000001 || std::accumulate(parts.begin(), parts.end(), 0L) != 6) return 1;
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    std::cout << text;
}
