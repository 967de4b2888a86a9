fn main() -> std::process::ExitCode {
    <descending_dark::DescendingDark as problem::Problem>::main()
}
