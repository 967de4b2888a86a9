// A missing semicolon on line 4: CE in the terminal and in the page, naming line 4.
#include <cstdio>
int main() {
    std::printf("WIN\n")
}
