//! What the suite's modules share: the spawner (this crate's `sandbox-spawner`), the
//! hostile programs of `tests/hostile/` built on the host as the tests' own trusted
//! fixtures, the limits a judge gives a run, and the checks of a report that a judge's
//! verdict is made of.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use sandbox::Captured;
use sandbox::Resolved;
use sandbox::{Input, Limits, Report};

/// The binary started as the spawner.
pub const SPAWNER: &str = env!("CARGO_BIN_EXE_sandbox-spawner");

/// Starts programs through this build's `sandbox-spawner spawner`.
pub fn use_spawner() {
    sandbox::use_spawner(Path::new(SPAWNER));
}

/// The archive's root, which the attacks look for: two folders above this crate.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .unwrap()
        .to_owned()
}

/// The hostile program `name`.
pub fn hostile(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name)
}

/// The hostile program `name` with `@KEY@` replaced, written into `dir` under its name.
pub fn fixture(dir: &Path, name: &str, replacements: &[(&str, &str)]) -> PathBuf {
    let mut text = std::fs::read_to_string(hostile(name)).unwrap();
    for (key, value) in replacements {
        text = text.replace(&format!("@{key}@"), value);
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `source` (C or C++) compiled on the host into `dir`, with the flags judges use.
pub fn compiled(source: &Path, dir: &Path) -> PathBuf {
    let (compiler, standard) = match source.extension().and_then(|e| e.to_str()) {
        Some("c") => ("cc", "-std=c11"),
        Some("cpp") => ("c++", "-std=c++17"),
        other => panic!("no compiler for {other:?}"),
    };
    let binary = dir.join(source.file_stem().unwrap());
    let output = Command::new(compiler)
        .args([standard, "-O2", "-o"])
        .arg(&binary)
        .arg(source)
        .output()
        .unwrap_or_else(|error| panic!("{compiler}: {error}"));
    assert!(
        output.status.success(),
        "{compiler} {}: {}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    // The box user of a spawner started as nobody must execute it.
    std::fs::set_permissions(&binary, std::fs::Permissions::from_mode(0o755)).unwrap();
    binary
}

/// The hostile program `name` (no `@KEY@` in it), ready to run: compiled into `dir`, or
/// taken built from the folder `$XTASK_BUILT_FIXTURES` names (CI builds them beforehand
/// for its emulated machine, where the compiler alone would take most of its 30 s cap).
pub fn built(name: &str, dir: &Path) -> PathBuf {
    match std::env::var_os("XTASK_BUILT_FIXTURES") {
        Some(folder) => Path::new(&folder).join(Path::new(name).file_stem().unwrap()),
        None => compiled(&hostile(name), dir),
    }
}

/// `program args`, which may read itself beyond the system's folders.
pub fn own(program: &Path, args: &[&str]) -> Resolved {
    Resolved {
        program: program.to_owned(),
        args: args.iter().map(|&arg| arg.to_owned()).collect(),
        readable: vec![program.to_owned()],
    }
}

/// The system's Python running `script`, which it may read.
pub fn python(script: &Path) -> Resolved {
    Resolved {
        program: PathBuf::from("/usr/bin/python3"),
        args: vec![script.to_string_lossy().into_owned()],
        readable: vec![script.to_owned()],
    }
}

/// The limits a judge gives a run of a problem of `time_ms` and `memory_bytes`: the caps
/// a little past the verdict's lines (CPU half a second past the limit, wall time a
/// second past twice it), 16 MiB of output, 64 processes, a 64 MiB box.
pub fn judged_limits(time_ms: u64, memory_bytes: u64) -> Limits {
    Limits {
        wall_ms: 2 * time_ms + 1000,
        cpu_ms: time_ms + 500,
        memory_bytes,
        output_bytes: 16 << 20,
        processes: 64,
        box_bytes: 64 << 20,
    }
}

/// The limits of a 2 s, 256 MB problem.
pub fn two_seconds() -> Limits {
    judged_limits(2000, 256_000_000)
}

/// Runs `program` on `input` through this thread's spawner.
pub fn run(program: &Resolved, input: &str, limits: Limits) -> Captured {
    use_spawner();
    sandbox::run_captured(program, Input::Text(input.to_owned()), limits).unwrap()
}

/// What a run printed on stdout.
pub fn stdout(run: &Captured) -> String {
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// Whether the run went over `budget` bytes of memory: its peak, or the kernel's events.
pub fn over_memory(report: &Report, budget: u64) -> bool {
    report.peak_memory_bytes > budget
        || report.stops.memory_limit_hit
        || report.stops.killed_at_memory_limit
}

/// Whether the run went over its time: its CPU time past `limit_ms`, or a cap reached.
pub fn over_time(report: &Report, limit_ms: u64) -> bool {
    report.stops.killed_at_cpu_cap
        || report.stops.killed_at_wall_cap
        || report.cpu_us > limit_ms * 1000
        || report.signal == Some(libc::SIGXCPU)
}

/// `program` started as the tests' user, or as `nobody` (through `setpriv` as root).
pub fn as_user(program: impl AsRef<std::ffi::OsStr>, nobody: bool) -> Command {
    if nobody && nix::unistd::Uid::effective().is_root() {
        let mut command = Command::new("setpriv");
        command.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"]);
        command.arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// Whether a process of the host runs exactly `command` (its first word matched by name
/// when it has no `/`), zombies aside.
pub fn runs(command: &[&str]) -> bool {
    let matches = |cmdline: &[u8]| {
        let mut words = cmdline
            .strip_suffix(b"\0")
            .unwrap_or(cmdline)
            .split(|&byte| byte == 0);
        let first = words.next().unwrap_or_default();
        let name = first
            .rsplit(|&byte| byte == b'/')
            .next()
            .unwrap_or_default();
        let named = first == command[0].as_bytes()
            || (!command[0].contains('/') && name == command[0].as_bytes());
        named && words.eq(command[1..].iter().map(|word| word.as_bytes()))
    };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return false;
    };
    entries.filter_map(Result::ok).any(|entry| {
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let state = stat.rsplit(')').next().unwrap_or_default().trim_start();
        !cmdline.is_empty() && matches(&cmdline) && !state.starts_with(['Z', 'X'])
    })
}
