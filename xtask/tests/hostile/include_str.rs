// Asks the compiler to print a secret file as its error.
compile_error!(include_str!("/etc/shadow"));
fn main() {}
