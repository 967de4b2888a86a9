fn main() -> std::process::ExitCode {
    <ladders::Ladders as problem::Problem>::main()
}
