fn main() -> std::process::ExitCode {
    <gam::Gam as problem::Problem>::main()
}
