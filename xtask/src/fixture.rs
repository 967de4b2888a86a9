//! Misbehaving programs that prove the runner's verdicts (`cargo test -p xtask`).
//!
//! `xtask fixture KIND` copies stdin to stdout after misbehaving as KIND says; the tests
//! run the built `xtask` binary this way and expect one verdict per kind. `xtask fixture
//! chaos SPEC` misbehaves in many ways at once, as SPEC says ([`chaos`]).

pub mod chaos;

use std::io::{Read, Write};

use anyhow::{Result, bail};

/// A misbehaving program for the runner's own tests.
#[derive(Debug, clap::Args)]
pub struct Fixture {
    /// The kind of misbehaviour (see this module).
    pub kind: String,
    /// What the kind `chaos` does (see [`chaos`]).
    pub spec: Option<String>,
}

impl Fixture {
    /// Misbehaves as asked.
    ///
    /// # Errors
    /// An unknown kind, or a spec `chaos` cannot read.
    pub fn run(&self) -> Result<()> {
        misbehave(&self.kind, self.spec.as_deref())
    }
}

fn misbehave(kind: &str, spec: Option<&str>) -> Result<()> {
    if kind == "chaos" {
        let Some(spec) = spec else {
            bail!("the chaos fixture takes a spec: `xtask fixture chaos SPEC`");
        };
        return chaos::run(spec);
    }
    let mut input = Vec::new();
    if !matches!(kind, "sleep" | "hold-memory") {
        std::io::stdin().read_to_end(&mut input)?;
    }
    let mut stdout = std::io::stdout().lock();
    match kind {
        "echo" => {}
        "wrong" => input.reverse(),
        "crash" => {
            eprintln!("fixture: giving up on purpose");
            std::process::exit(3);
        }
        "loop" => {
            let mut spin = 0u64;
            loop {
                spin = std::hint::black_box(spin.wrapping_add(1));
            }
        }
        "alloc" => {
            // Touch every page so the memory is resident, not merely reserved.
            let block = vec![1u8; 64 << 20];
            std::hint::black_box(&block);
        }
        "flood" => loop {
            stdout.write_all(&[b'x'; 1 << 16])?;
        },
        "fork-sleeper" => {
            // Leaves a long sleeper behind and answers right: the runner must kill it. The
            // sleeper lets go of the output, which would keep the run going (the sandbox's
            // rule for output).
            let sleeper = std::process::Command::new("sleep")
                .arg("600")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()?;
            eprintln!("sleeper {}", sleeper.id());
        }
        "sleep" => {
            // Never reads its input, never uses the CPU: only the wall clock can stop it.
            std::thread::sleep(std::time::Duration::from_secs(600));
        }
        "abort" => std::process::abort(),
        "stderr-bytes" => {
            // An honest program's message in Latin-1, then a line of bytes that are not
            // UTF-8 at all, longer than a report shows.
            let mut stderr = std::io::stderr().lock();
            stderr.write_all(b"erreur: donn\xe9es invalides\n")?;
            stderr.write_all(&[0xff; 600])?;
            std::process::exit(1);
        }
        "oom-words" | "oom-words-wrong" => {
            // What runtimes print when memory is refused, from a program that used none.
            eprintln!("std::bad_alloc\nMemoryError\nmemory allocation of 8 bytes failed");
            if kind == "oom-words-wrong" {
                input.reverse();
            }
        }
        "hold-memory" => {
            // Touches 4 MiB and keeps it, waiting for nothing.
            let block = vec![1u8; 4 << 20];
            std::hint::black_box(&block);
            std::thread::sleep(std::time::Duration::from_secs(600));
        }
        "memory-sleepers" => {
            // Four children that each hold 4 MiB and sleep, and a parent that waits for
            // them: over an 8 MB budget, a tree that would sit at its memory limit.
            let exe = std::env::current_exe()?;
            let children: Vec<_> = (0..4)
                .map(|_| {
                    std::process::Command::new(&exe)
                        .args(["fixture", "hold-memory"])
                        .spawn()
                })
                .collect::<std::io::Result<_>>()?;
            for mut child in children {
                child.wait()?;
            }
        }
        _ => bail!("unknown fixture '{kind}'"),
    }
    stdout.write_all(&input)?;
    Ok(())
}

/// Whether a process on the machine (not a zombie) runs exactly `command`, its program
/// named by its path or by its file name alone (`sleep` is also `/usr/bin/sleep`, as the
/// sandbox starts it): the tests' way to see that what a fixture left behind was killed.
pub fn runs(command: &[&str]) -> bool {
    let same = |cmdline: &[u8]| {
        let mut words = cmdline
            .strip_suffix(b"\0")
            .unwrap_or(cmdline)
            .split(|&b| b == 0);
        let program = words.next().unwrap_or_default();
        let named = program == command[0].as_bytes()
            || (!command[0].contains('/')
                && program.rsplit(|&b| b == b'/').next() == Some(command[0].as_bytes()));
        named && words.eq(command[1..].iter().map(|word| word.as_bytes()))
    };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return false;
    };
    entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().parse::<u32>().is_ok())
        .any(|entry| {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !cmdline.is_empty()
                && same(&cmdline)
                && !state.starts_with('Z')
                && !state.starts_with('X')
        })
}
