// Asks the compiler to show a secret in its error message.
#include "/etc/shadow"
int main() {}
