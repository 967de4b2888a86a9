//! Chaos specs from a seed: a random mix of what a misbehaving program prints, writes,
//! allocates, forks, burns and sleeps, and how it ends, with every quantity kept clearly
//! on one side of its limit, so that the model's prediction holds on a loaded machine.

use std::time::Duration;

use fastrand::Rng;
use xtask::fixture::chaos::{Chaos, Child, End, Files, Holders, Repeated, Stdout};
use xtask::judge::{OUTPUT_CAP_BYTES, PROCESS_CAP};

/// The limits a spec is made for, and its values on each side of them.
#[derive(Debug, Clone, Copy)]
pub struct Scale {
    pub time_limit: Duration,
    pub memory_budget_bytes: u64,
}

/// A short burn or sleep: a few percent of a one-second limit.
const SHORT_MS: u64 = 50;

/// Memory well under any budget used here (the fixture itself takes about 1 MiB).
const SMALL_MEMORY: u64 = 4 << 20;

/// A process that runs "forever": until the run's caps kill it.
const FOREVER_MS: u64 = 600_000;

impl Scale {
    /// CPU time past the CPU cap (the limit and half a second): three times the limit.
    fn burn_over(&self) -> u64 {
        3 * self.millis()
    }

    /// A sleep past the wall cap (twice the limit and a second).
    fn sleep_over(&self) -> u64 {
        2 * self.millis() + 2000
    }

    /// Three times the budget: past the cgroup's hard limit, stopped there.
    fn memory_over(&self) -> u64 {
        3 * self.memory_budget_bytes
    }

    fn millis(&self) -> u64 {
        u64::try_from(self.time_limit.as_millis()).unwrap()
    }

    pub fn over_time(&self, burn_ms: u64) -> bool {
        assert!(
            burn_ms <= SHORT_MS || burn_ms >= self.burn_over(),
            "{burn_ms}"
        );
        burn_ms > SHORT_MS
    }

    pub fn past_idle(&self, sleep_ms: u64) -> bool {
        assert!(sleep_ms <= 2 * SHORT_MS || sleep_ms >= self.sleep_over());
        sleep_ms > 2 * SHORT_MS
    }

    pub fn over_budget(&self, bytes: u64) -> bool {
        assert!(
            bytes <= SMALL_MEMORY || bytes >= self.memory_over(),
            "{bytes}"
        );
        bytes > SMALL_MEMORY
    }
}

/// Whether every byte separates tokens (as the checker reads output).
pub fn separators_only(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .all(|byte| matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
}

/// What the generator may use.
#[derive(Debug, Clone, Copy)]
pub struct Allowed {
    /// Burns and sleeps past the caps, and stops: each such spec takes seconds.
    pub slow: bool,
    /// Memory past the budget: only where the accounting layer is active (without it,
    /// the address-space limit turns it into a runtime error).
    pub memory_over: bool,
}

fn repeated(piece: &[u8], times: u64) -> Repeated {
    Repeated {
        piece: piece.to_vec(),
        times,
    }
}

/// Something on stderr: nothing, text, bytes that are not UTF-8, controls and bidi
/// marks, a line of megabytes, thousands of lines, or more than the output cap.
fn stderr(rng: &mut Rng, small: bool) -> Repeated {
    let choices = if small { 5 } else { 8 };
    match rng.usize(..choices) {
        0 => Repeated::default(),
        1 => repeated(b"fixture: chaos on purpose\n", 1),
        2 => repeated(b"\xff\xfe\x80\xc3", 100),
        3 => repeated(
            "\u{1b}[2K\r\u{7}\u{0}\u{202e}\u{2066}gnorw\u{2069}\n".as_bytes(),
            3,
        ),
        4 => repeated(b"line\n", 2000),
        5 => repeated(b"e", 2 << 20),
        6 => repeated(b"many lines\n", 100_000),
        _ => repeated(b"z", OUTPUT_CAP_BYTES + (1 << 20)),
    }
}

/// Bytes around the answer: separators (still right) or not (wrong).
fn around(rng: &mut Rng) -> Vec<u8> {
    const SEPARATORS: &[&[u8]] = &[b"", b" ", b"\n", b"\r\n", b"\t", b"\x0b\x0c", b"\n\n\n"];
    const JUNK: &[&[u8]] = &[
        "\u{feff}".as_bytes(),
        "\u{202e}".as_bytes(),
        b"\x00",
        b"win",
        b"\x1b[2J",
        b"\xff\xfe",
        "\u{a0}".as_bytes(),
        b"WIN LOSE",
    ];
    if rng.u8(..10) < 7 {
        SEPARATORS[rng.usize(..SEPARATORS.len())].to_vec()
    } else {
        JUNK[rng.usize(..JUNK.len())].to_vec()
    }
}

fn stdout(rng: &mut Rng) -> Stdout {
    if rng.bool() {
        return Stdout::Answer {
            before: around(rng),
            flipped: rng.u8(..5) == 0,
            after: around(rng),
        };
    }
    Stdout::Bytes(match rng.usize(..8) {
        0 => Repeated::default(),
        1 => repeated(b"\xc0\xaf\xed\xa0\x80 WIN?", 3),
        2 => repeated("\u{202e}NIW\u{202c}\n".as_bytes(), 1),
        3 => repeated(b"x", 1 << 20),
        // Exactly the cap is still allowed: a wrong answer, not an output limit.
        4 => repeated(b"ab", OUTPUT_CAP_BYTES / 2),
        5 => repeated(b"x", OUTPUT_CAP_BYTES + 1),
        6 => repeated(b"flood ", (20 << 20) / 6),
        _ => repeated(b"\x07\x08\x1b]0;title\x07", 1000),
    })
}

/// Signals that end a process by default (`SIGSTOP` apart: it stops one, a slow case).
const SIGNALS: &[i32] = &[
    libc::SIGSEGV,
    libc::SIGABRT,
    libc::SIGKILL,
    libc::SIGXCPU,
    libc::SIGXFSZ,
    libc::SIGTERM,
    libc::SIGBUS,
    libc::SIGFPE,
    libc::SIGILL,
    libc::SIGUSR1,
    libc::SIGPIPE,
    libc::SIGHUP,
    libc::SIGINT,
    libc::SIGQUIT,
    libc::SIGTRAP,
    libc::SIGSYS,
    libc::SIGALRM,
];

fn end(rng: &mut Rng) -> End {
    match rng.u8(..20) {
        0..=11 => End::Exit(0),
        12..=14 => End::Exit(rng.i32(1..=255)),
        _ => End::Raise(SIGNALS[rng.usize(..SIGNALS.len())]),
    }
}

fn short(rng: &mut Rng, most: u64) -> u64 {
    if rng.bool() { 0 } else { rng.u64(1..=most) }
}

fn small_memory(rng: &mut Rng) -> u64 {
    rng.u64(..=SMALL_MEMORY)
}

/// Where a slow spec puts its one slow step.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Slow {
    RootBurn,
    RootSleep,
    RootStop,
    ChildBurn,
    ChildSleep,
    ChildStop,
}

fn waited_child(rng: &mut Rng, scale: &Scale, allowed: Allowed, slow: Option<Slow>) -> Child {
    let memory_over = allowed.memory_over && rng.u8(..20) == 0;
    Child {
        waited: true,
        stderr: stderr(rng, true),
        file_bytes: if rng.bool() {
            0
        } else {
            rng.u64(1..=256 << 10)
        },
        memory_bytes: if memory_over {
            scale.memory_over()
        } else {
            small_memory(rng)
        },
        burn_ms: match slow {
            Some(Slow::ChildBurn) => scale.burn_over(),
            _ => short(rng, SHORT_MS),
        },
        sleep_ms: match slow {
            Some(Slow::ChildSleep) => scale.sleep_over(),
            _ => short(rng, 2 * SHORT_MS),
        },
        stdout: if rng.u8(..10) == 0 {
            repeated(b"child flood ", (17 << 20) / 12 + 1)
        } else {
            Repeated::default()
        },
        end: match slow {
            Some(Slow::ChildStop) => End::Raise(libc::SIGSTOP),
            _ => end(rng),
        },
    }
}

/// A child the root does not wait for: it sleeps or burns until the run is over, and
/// never reaches a limit of its own while the root runs briefly.
fn detached_child(rng: &mut Rng) -> Child {
    let burns = rng.u8(..3) == 0;
    Child {
        waited: false,
        stderr: stderr(rng, true),
        file_bytes: if rng.bool() { 0 } else { rng.u64(1..=64 << 10) },
        memory_bytes: rng.u64(..=1 << 20),
        burn_ms: if burns { FOREVER_MS } else { 0 },
        sleep_ms: FOREVER_MS,
        stdout: Repeated::default(),
        end: End::Exit(0),
    }
}

/// One spec; one slow step where allowed (the caller allows few), none otherwise.
pub fn spec(rng: &mut Rng, scale: &Scale, allowed: Allowed) -> Chaos {
    const SLOW: [Slow; 6] = [
        Slow::RootBurn,
        Slow::RootSleep,
        Slow::RootStop,
        Slow::ChildBurn,
        Slow::ChildSleep,
        Slow::ChildStop,
    ];
    let slow = allowed.slow.then(|| SLOW[rng.usize(..SLOW.len())]);
    let files = match rng.u8(..20) {
        0..=11 => Files::None,
        12..=15 => Files::Small(rng.u64(1..=1 << 20)),
        16..=18 => Files::FillBox {
            on_full: rng.bool().then(|| rng.i32(1..=255)),
        },
        _ => Files::OneFile(OUTPUT_CAP_BYTES + (1 << 20)),
    };
    let holders = match rng.u8(..20) {
        0..=15 => Holders::default(),
        16..=17 => Holders {
            count: rng.u32(1..=8),
            on_refused: None,
        },
        _ => Holders {
            count: u32::try_from(PROCESS_CAP).unwrap() + 16,
            on_refused: rng.bool().then(|| rng.i32(1..=255)),
        },
    };
    let waited = if rng.bool() { 0 } else { rng.usize(1..=3) };
    let slow_child = matches!(
        slow,
        Some(Slow::ChildBurn | Slow::ChildSleep | Slow::ChildStop)
    );
    let mut children: Vec<Child> = (0..waited.max(usize::from(slow_child)))
        .map(|index| {
            let slow = slow.filter(|_| slow_child && index == 0);
            waited_child(rng, scale, allowed, slow)
        })
        .collect();
    let detached = if rng.u8(..10) < 7 {
        0
    } else {
        rng.usize(1..=2)
    };
    children.extend((0..detached).map(|_| detached_child(rng)));
    rng.shuffle(&mut children);
    Chaos {
        stderr: stderr(rng, false),
        files,
        memory_bytes: if allowed.memory_over && rng.u8(..12) == 0 {
            scale.memory_over()
        } else {
            small_memory(rng)
        },
        holders,
        children,
        burn_ms: match slow {
            Some(Slow::RootBurn) => scale.burn_over(),
            _ => short(rng, SHORT_MS),
        },
        sleep_ms: match slow {
            Some(Slow::RootSleep) => scale.sleep_over(),
            _ => short(rng, 2 * SHORT_MS),
        },
        stdout: stdout(rng),
        end: match slow {
            Some(Slow::RootStop) => End::Raise(libc::SIGSTOP),
            _ => end(rng),
        },
    }
}

/// Whether a spec may take seconds (a step past the CPU or wall cap, or a stop).
pub fn is_slow(spec: &Chaos, scale: &Scale) -> bool {
    let child_slow = spec.children.iter().any(|child| {
        child.waited
            && (scale.over_time(child.burn_ms)
                || scale.past_idle(child.sleep_ms)
                || child.end == End::Raise(libc::SIGSTOP))
    });
    child_slow
        || scale.over_time(spec.burn_ms)
        || scale.past_idle(spec.sleep_ms)
        || spec.end == End::Raise(libc::SIGSTOP)
}
