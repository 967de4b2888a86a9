//! The commands as a new user types them, from a fresh clone: the messages that say what
//! went wrong and what to do, and the conveniences users expect (`--fail-fast`, `--test`,
//! `gen`, `--flawed`, one stress folder per crate).

use std::path::Path;
use std::process::{Command, Output};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

fn xtask(args: &[&str], folder: &Path) -> Output {
    Command::new(XTASK)
        .args(args)
        .current_dir(folder)
        .output()
        .unwrap()
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn a_source_in_another_language_names_the_understood_ones_and_the_way_out() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sol.rb"), "puts 'WIN'\n").unwrap();
    let run = xtask(&["verify", "statues", "--solution", "sol.rb"], dir.path());
    let said = text(&run);
    assert!(!run.status.success());
    assert!(said.contains(".cpp .cc .c .rs .java .py .js"), "{said}");
    assert!(said.contains("--solution 'INTERPRETER sol.rb'"), "{said}");
    assert!(!said.contains("Permission denied"), "{said}");
}

#[test]
fn a_java_source_is_compiled_and_run_as_the_class_named_by_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let source = "public class Main { public static void main(String[] a) { System.out.println(\"WIN\"); } }\n";
    std::fs::write(dir.path().join("Main.java"), source).unwrap();
    let run = xtask(
        &[
            "verify",
            "statues",
            "--solution",
            "Main.java",
            "--test",
            "sample1",
        ],
        dir.path(),
    );
    let said = text(&run);
    assert!(said.contains("compiling: javac"), "{said}");
    assert!(said.contains("1 passed, 0 failed"), "{said}");
    // A file not named after a class says how to name it.
    std::fs::write(dir.path().join("my-sol.java"), source).unwrap();
    let run = xtask(
        &["verify", "statues", "--solution", "my-sol.java"],
        dir.path(),
    );
    let said = text(&run);
    assert!(!run.status.success());
    assert!(said.contains("named after"), "{said}");
}

#[test]
fn a_missing_source_file_is_said_to_be_missing() {
    let dir = tempfile::tempdir().unwrap();
    let run = xtask(&["verify", "statues", "--solution", "nope.cpp"], dir.path());
    let said = text(&run);
    assert!(
        said.contains("the source file nope.cpp does not exist"),
        "{said}"
    );
}

#[test]
fn a_bare_name_of_a_program_here_suggests_dot_slash() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("sbin");
    std::fs::write(&program, "#!/bin/sh\necho WIN\n").unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    let run = xtask(&["verify", "statues", "--solution", "sbin"], dir.path());
    let said = text(&run);
    assert!(said.contains("did you mean ./sbin?"), "{said}");
}

#[test]
fn an_input_without_expected_output_is_named_and_the_rest_judged() {
    let dir = tempfile::tempdir().unwrap();
    let testdata = xtask::project_root().join("testdata/statues");
    for file in ["sample1.in", "sample1.out"] {
        std::fs::copy(testdata.join(file), dir.path().join(file)).unwrap();
    }
    std::fs::copy(testdata.join("sample2.in"), dir.path().join("stray.in")).unwrap();
    let data = dir.path().to_string_lossy().into_owned();
    let run = xtask(&["verify", "statues", "--data", &data], dir.path());
    let said = text(&run);
    assert!(run.status.success(), "{said}");
    assert!(said.contains("stray.in has no expected output"), "{said}");
    assert!(said.contains("not judged"), "{said}");
    assert!(said.contains("1 passed, 0 failed"), "{said}");
}

#[test]
fn fail_fast_stops_at_the_first_failure() {
    let dir = tempfile::tempdir().unwrap();
    let run = xtask(
        &[
            "verify",
            "statues",
            "--solution",
            "echo LOSE",
            "--fail-fast",
        ],
        dir.path(),
    );
    let said = text(&run);
    assert!(!run.status.success());
    assert!(said.contains("--fail-fast"), "{said}");
    assert!(
        said.contains("0 passed, 1 failed") || said.contains("1 passed, 1 failed"),
        "{said}"
    );
}

#[test]
fn tests_are_chosen_by_name_as_cargo_test_chooses() {
    let dir = tempfile::tempdir().unwrap();
    let run = xtask(
        &[
            "verify",
            "statues",
            "--solution",
            "echo WIN",
            "--test",
            "sample1",
            "--test",
            "sample3",
        ],
        dir.path(),
    );
    let said = text(&run);
    // sample1 is WIN and sample3 LOSE: one of each, and nothing else ran.
    assert!(said.contains("1 passed, 1 failed"), "{said}");
    let run = xtask(&["verify", "statues", "--test", "no-such-test"], dir.path());
    assert!(text(&run).contains("no test name contains any of: no-such-test"));
}

#[test]
fn gen_prints_the_input_stress_generates() {
    let dir = tempfile::tempdir().unwrap();
    let first = xtask(
        &["gen", "ladders", "--seed", "3", "--case", "25"],
        dir.path(),
    );
    assert!(first.status.success(), "{}", text(&first));
    let again = xtask(
        &["gen", "ladders", "--seed", "3", "--case", "25"],
        dir.path(),
    );
    let other = xtask(
        &["gen", "ladders", "--seed", "3", "--case", "26"],
        dir.path(),
    );
    assert_eq!(first.stdout, again.stdout);
    assert_ne!(first.stdout, other.stdout);
    let input = String::from_utf8(first.stdout).unwrap();
    let kit = xtask::stress::generate::kit_of("ladders").unwrap();
    assert!(kit.parse(&input).is_ok(), "{input}");
    assert_eq!(input, kit.render(&kit.generate(3, 25)));
}

/// The README's example, with `CARGO_TARGET_DIR` set: a flawed solver found by name,
/// its failure written to the crate's own stress folder, and never over an earlier one.
#[test]
fn the_readme_flawed_solver_example_works_with_a_target_dir_set() {
    let target = tempfile::tempdir().unwrap();
    crate::support::target::share_release_build(target.path());
    let run = |args: &[&str]| {
        Command::new(XTASK)
            .args(args)
            .env("CARGO_TARGET_DIR", target.path())
            .current_dir(xtask::project_root())
            .output()
            .unwrap()
    };
    let args = [
        "stress",
        "ladders",
        "--flawed",
        "forced-climb",
        "--seed",
        "3",
    ];
    let first = run(&args);
    assert_eq!(first.status.code(), Some(1), "{}", text(&first));
    let folder = target.path().join("stress/ladders");
    assert!(folder.join("ladders-3.in").is_file(), "{}", text(&first));
    let second = run(&args);
    assert_eq!(second.status.code(), Some(1), "{}", text(&second));
    assert!(folder.join("ladders-3-2.in").is_file(), "{}", text(&second));
    assert!(text(&second).contains("cargo xtask stress ladders --flawed forced-climb --seed 3"));
}

#[test]
fn a_test_whose_name_is_not_utf8_is_judged_and_named_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let testdata = xtask::project_root().join("testdata/statues");
    for (from, to) in [
        ("sample1.in", &b"bad\xff.in"[..]),
        ("sample1.out", b"bad\xff.out"),
        ("sample2.in", b"good.in"),
        ("sample2.out", b"good.out"),
    ] {
        let to = dir.path().join(std::ffi::OsStr::from_bytes(to));
        std::fs::copy(testdata.join(from), to).unwrap();
    }
    let data = dir.path().to_string_lossy().into_owned();
    let run = xtask(&["verify", "statues", "--data", &data], dir.path());
    let said = text(&run);
    assert!(run.status.success(), "{said}");
    assert!(said.contains("2 passed, 0 failed"), "{said}");
    // The name as its bytes are, escaped, never a replacement character.
    assert!(said.contains("bad\\xff"), "{said}");
    assert!(!said.contains('\u{fffd}'), "{said}");
}

/// The solution's scratch folders in `tmp` (`xtask-solution-...`; the spawner's private
/// root, `xtask-root-...`, is its own to remove when its runner is gone).
fn scratch_folders(tmp: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(tmp)
        .unwrap()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("xtask-solution-")
        })
        .collect()
}

/// Starts `verify statues` on a C source that never ends, with its scratch in `tmp`, and
/// waits until its compiled program is in a scratch folder there.
fn verify_looping(dir: &Path, tmp: &Path) -> std::process::Child {
    let source = dir.join("loops.c");
    std::fs::write(&source, "int main(void) { for (;;) {} }\n").unwrap();
    let child = Command::new(XTASK)
        .args([
            "verify",
            "statues",
            "--test",
            "sample",
            "--solution",
            "loops.c",
        ])
        .current_dir(dir)
        .env("TMPDIR", tmp)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !scratch_folders(tmp)
        .iter()
        .any(|folder| std::fs::read_dir(folder).unwrap().count() >= 3)
    {
        assert!(
            started.elapsed().as_secs() < 60,
            "no scratch folder appeared"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // The compile is done once the run starts; give it that moment.
    std::thread::sleep(std::time::Duration::from_millis(500));
    child
}

#[test]
fn a_terminated_runner_removes_its_scratch_and_a_killed_ones_is_swept_next_time() {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    let dir = tempfile::tempdir().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    for signal in [Signal::SIGTERM, Signal::SIGHUP] {
        let mut child = verify_looping(dir.path(), tmp.path());
        kill(Pid::from_raw(child.id() as i32), signal).unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{signal}: {status:?}");
        assert!(
            scratch_folders(tmp.path()).is_empty(),
            "{signal} left scratch"
        );
    }
    // Killed outright, the runner leaves its folder: the next runner sweeps it.
    let mut child = verify_looping(dir.path(), tmp.path());
    kill(Pid::from_raw(child.id() as i32), Signal::SIGKILL).unwrap();
    child.wait().unwrap();
    let left = scratch_folders(tmp.path());
    assert_eq!(left.len(), 1, "{left:?}");
    // Another user's folder and a folder without a lock are never touched.
    let foreign = tmp.path().join("xtask-solution-unlocked");
    std::fs::create_dir(&foreign).unwrap();
    let testdata = xtask::project_root().join("xtask/tests/solutions/statues.c");
    let run = Command::new(XTASK)
        .args(["verify", "statues", "--test", "sample1", "--solution"])
        .arg(&testdata)
        .current_dir(dir.path())
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run));
    assert!(!left[0].exists(), "the killed runner's folder stays");
    assert!(foreign.exists(), "a folder without a lock was removed");
    // The killed runner's spawners saw their input close and removed their roots.
    let roots = std::fs::read_dir(tmp.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .starts_with("xtask-root-")
        })
        .count();
    assert_eq!(roots, 0, "a spawner's root stays");
}

#[test]
fn no_output_is_written_through_a_link_nor_in_a_folder_others_can_change() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious\n").unwrap();
    // stress: a link planted where the failing case goes, even one leading nowhere.
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let nowhere = dir.path().join("created-through-a-link");
    std::os::unix::fs::symlink(&nowhere, out.join("statues-7.in")).unwrap();
    std::os::unix::fs::symlink(&victim, out.join("statues-7.out")).unwrap();
    let out_arg = out.to_string_lossy().into_owned();
    let run = xtask(
        &[
            "stress",
            "statues",
            "--flawed",
            "no-waiting",
            "--seed",
            "7",
            "--cases",
            "3000",
            "--out",
            &out_arg,
        ],
        dir.path(),
    );
    let said = text(&run);
    assert!(said.contains("statues-7-2.in"), "{said}");
    assert!(!nowhere.exists(), "a dangling link's target was created");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    // package --zip: a link where the archive goes is not followed.
    let packages = dir.path().join("packages");
    std::fs::create_dir(&packages).unwrap();
    std::os::unix::fs::symlink(&victim, packages.join("statues.zip")).unwrap();
    let packages_arg = packages.to_string_lossy().into_owned();
    let run = xtask(
        &["package", "statues", "--zip", "--out", &packages_arg],
        dir.path(),
    );
    assert!(!run.status.success(), "{}", text(&run));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    // A folder others may write to, without the sticky bit, is refused for output and as
    // TMPDIR, saying why.
    let open = dir.path().join("open");
    std::fs::create_dir(&open).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
    let open_arg = open.to_string_lossy().into_owned();
    let run = xtask(&["package", "statues", "--out", &open_arg], dir.path());
    let said = text(&run);
    assert!(!run.status.success(), "{said}");
    assert!(said.contains("no sticky bit"), "{said}");
    let solution = xtask::project_root().join("xtask/tests/solutions/statues.c");
    let run = Command::new(XTASK)
        .args(["verify", "statues", "--test", "sample1", "--solution"])
        .arg(&solution)
        .current_dir(dir.path())
        .env("TMPDIR", &open)
        .output()
        .unwrap();
    let said = text(&run);
    assert!(!run.status.success(), "{said}");
    assert!(
        said.contains("set TMPDIR to a folder only you can write"),
        "{said}"
    );
}

#[test]
fn the_test_command_without_its_programs_nor_a_way_to_install_them_says_what_to_install() {
    // A PATH with neither the tests' programs nor apt-get, and a cargo that leaves a mark
    // if it is ever run: nothing may be built.
    let dir = tempfile::tempdir().unwrap();
    let cargo = dir.path().join("cargo");
    std::fs::write(&cargo, "#!/bin/sh\ntouch \"$0.ran\"\n").unwrap();
    std::fs::set_permissions(&cargo, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let run = Command::new(XTASK)
        .arg("test")
        .current_dir(dir.path())
        .env("PATH", dir.path().join("empty"))
        .env("CARGO", &cargo)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{}", text(&run));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("sudo apt-get install g++ gcc python3 default-jdk-headless nodejs npm"),
        "{stderr}"
    );
    assert!(stderr.contains("chromium chromium-driver"), "{stderr}");
    assert!(!dir.path().join("cargo.ran").exists(), "cargo ran");
}
