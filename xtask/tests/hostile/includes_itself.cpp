// Includes itself twice per level, twelve levels deep: 8,191 copies, each with errors shown
// with their chain of "In file included from" lines, 2.5 MB of diagnostics in half a second.
// The depth is bounded so that the compiler ends by itself: without the bound it floods
// until its memory limit stops it, after half a minute.
#if __INCLUDE_LEVEL__ < 12
#include __FILE__
#include __FILE__
#endif
#error flood
int main() {}
