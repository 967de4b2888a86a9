//! Which layers this machine gives, as the first line of every report says: every layer
//! the machine is expected to have (CI states it), and what an ordinary user gets, each
//! missing layer named with its reason.

use std::path::PathBuf;

use crate::support::{self, as_user};

#[test]
fn every_layer_expected_here_is_active() {
    support::use_spawner();
    let layers = sandbox::layers().unwrap();
    // What a machine has is its own: CI states what each of its machines must have
    // (every layer, unless $XTASK_EXPECT_LAYERS says otherwise); elsewhere the header is
    // shown, and each missing layer carries its reason.
    eprintln!("{}", layers.header());
    let unmet = layers.unmet(&sandbox::expected_here());
    assert!(
        unmet.is_empty(),
        "{}; {}",
        unmet.join(", "),
        layers.header()
    );
}

/// Runs a spawner as the unprivileged user `nobody` (through `setpriv` when the tests run
/// as root; as the tests' own user otherwise) on one request; returns its hello line and
/// its reply.
fn spawner_as_nobody(request: &sandbox::Request) -> (String, String) {
    let mut command = as_user(support::SPAWNER, true);
    command.arg("spawner");
    ask_once(command, request)
}

/// Sends `request` to the spawner `command` starts; returns its hello line and its reply.
fn ask_once(mut command: std::process::Command, request: &sandbox::Request) -> (String, String) {
    use std::io::{BufRead, Write};
    let mut child = command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The request's end of input stays open until the reply is read: a closed input
    // tells the spawner its runner is gone.
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{}", serde_json::to_string(request).unwrap()).unwrap();
    stdin.flush().unwrap();
    let mut replies = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let hello = replies.next().unwrap().unwrap();
    let reply = replies.next().unwrap().unwrap();
    drop(stdin);
    child.wait().unwrap();
    (hello, reply)
}

#[test]
fn an_ordinary_user_gets_every_layer_the_kernel_allows_and_is_told_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("input"), "hello\n").unwrap();
    // nobody must be able to enter the folder, read the input and write the outputs.
    for path in [dir.path(), &dir.path().join("input")] {
        let _ = nix::unistd::chown(path, Some(65534.into()), Some(65534.into()));
    }
    let request = request_in(dir.path(), "/bin/cat", &[]);
    let (hello, reply) = spawner_as_nobody(&request);
    let hello: sandbox::for_tests::Hello = serde_json::from_str(&hello).unwrap();
    let header = hello.layers.header();
    let details = hello.layers.details();
    eprintln!("{header}\n{details}");
    // Landlock and seccomp need no privilege: where the kernel has them, they are active
    // (Landlock only partly before Linux 6.12), with a private root where user
    // namespaces are allowed (isolation.rs attacks it as this user).
    assert!(details.starts_with("sandbox: files ("), "{details}");
    assert!(details.contains("landlock"), "{details}");
    assert!(
        details.contains("network (namespace, seccomp)"),
        "{details}"
    );
    // A cgroup is the user's only where it was delegated to them (cgroup v2); otherwise
    // the tree is sampled through its PID namespace, and the header says why there is no
    // cgroup and what would give one.
    let why_no_cgroup = match (
        sandbox::for_tests::cgroup::unified(),
        sandbox::for_tests::cgroup::booted(),
    ) {
        (true, true) => "delegated scope",
        (true, false) => "root can hand a group over",
        (false, _) => "only root may make groups",
    };
    match &hello.layers.accounting {
        sandbox::Layer::Active(how) if how == "cgroup v2" => {}
        sandbox::Layer::Active(how) => {
            assert_eq!(how, "sampled, no cgroup", "{header}");
            assert!(header.contains(why_no_cgroup), "{header}");
        }
        sandbox::Layer::Missing(_) => assert!(header.contains(why_no_cgroup), "{header}"),
    }
    let reply: sandbox::for_tests::Reply = serde_json::from_str(&reply).unwrap();
    assert!(
        matches!(&reply, sandbox::for_tests::Reply::Ran(report) if report.code == Some(0)),
        "{reply:?}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("stdout")).unwrap(),
        "hello\n"
    );
}

/// A request to run `program args` on the file `input` of `dir`, its outputs written
/// beside it, nobody being able to read and write there.
fn request_in(dir: &std::path::Path, program: &str, args: &[&str]) -> sandbox::Request {
    sandbox::Request {
        program: PathBuf::from(program),
        args: args.iter().map(|&arg| arg.to_owned()).collect(),
        stdin: sandbox::Input::File(dir.join("input")),
        outputs: sandbox::Outputs::Files {
            stdout: dir.join("stdout"),
            stderr: dir.join("stderr"),
        },
        readable: vec![PathBuf::from(program)],
        box_files: Vec::new(),
        collect: None,
        limits: sandbox::Limits {
            wall_ms: 5000,
            cpu_ms: 2000,
            memory_bytes: 64 << 20,
            output_bytes: 1 << 20,
            processes: 16,
            box_bytes: 1 << 20,
        },
    }
}

#[test]
fn hard_limits_lower_than_the_runs_are_kept_and_the_run_is_judged() {
    // `sudo` gives its commands a hard core limit of 0, hardened machines give every
    // login one (`* hard core 0`), and an ordinary user cannot raise a hard limit, not
    // even in a user namespace: the run is judged under the lower limits, never refused.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("input"), "").unwrap();
    for path in [dir.path(), &dir.path().join("input")] {
        let _ = nix::unistd::chown(path, Some(65534.into()), Some(65534.into()));
    }
    // Both soft and hard limits lowered (a shell's `ulimit` without -H or -S sets both):
    // no core dump, 256 open files, a 16 MiB stack.
    let lowered = "ulimit -c 0 && ulimit -n 256 && ulimit -s 16384 && exec \"$0\" spawner";
    let script = "ulimit -H -c; ulimit -H -n; ulimit -H -s";
    let request = request_in(dir.path(), "/bin/sh", &["-c", script]);
    for nobody in [true, false] {
        let mut command = as_user("/bin/sh", nobody);
        command.args(["-c", lowered, support::SPAWNER]);
        let (_, reply) = ask_once(command, &request);
        let reply: sandbox::for_tests::Reply = serde_json::from_str(&reply).unwrap();
        assert!(
            matches!(&reply, sandbox::for_tests::Reply::Ran(report) if report.code == Some(0)),
            "as nobody: {nobody}: {reply:?}"
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join("stdout")).unwrap(),
            "0\n256\n16384\n",
            "as nobody: {nobody}"
        );
    }
}
