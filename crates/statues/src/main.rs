fn main() -> std::process::ExitCode {
    <statues::Statues as problem::Problem>::main()
}
