fn main() -> std::process::ExitCode {
    <sweets::Sweets as problem::Problem>::main()
}
