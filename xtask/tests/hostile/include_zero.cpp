// Asks the compiler to read an endless file.
#include "/dev/zero"
int main() {}
