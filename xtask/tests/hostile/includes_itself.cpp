// Includes itself twice per level: megabytes of diagnostics.
#include __FILE__
#include __FILE__
int main() {}
