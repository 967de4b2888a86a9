//! The rules as a model: the verdicts a chaos spec may get, from the spec alone, by the
//! table of precedence (`verdict::order::decide`) and the fixture's fixed order of steps.
//!
//! Every quantity a spec holds is far from its limit (see `generate.rs`): a burn or a
//! sleep is short or runs past the caps, memory is a few MiB or three times the budget.
//! What stays open is which of two processes running side by side reaches its limit
//! first; there the model accepts each verdict that can come first, and says why.

use std::collections::BTreeSet;

use xtask::fixture::chaos::{Chaos, Child, End, Files, Stdout};
use xtask::judge::{OUTPUT_CAP_BYTES, PROCESS_CAP};

use super::generate::{Scale, separators_only};

/// The verdicts a spec may get, and whether a fork is refused on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prediction {
    pub codes: BTreeSet<&'static str>,
    pub fork_refused: bool,
}

impl Prediction {
    fn only(code: &'static str, fork_refused: bool) -> Prediction {
        Prediction {
            codes: BTreeSet::from([code]),
            fork_refused,
        }
    }
}

/// How a waited child first reaches a limit, if it does.
enum Reached {
    /// Within milliseconds of its start: memory past the limit, output past the cap.
    Soon(&'static str),
    /// Only after the caps' seconds: a burn or sleep past them, or a stop.
    Late,
}

/// The verdicts `spec` may get under `scale`.
pub fn predict(spec: &Chaos, scale: &Scale) -> Prediction {
    // Files come first: one past the file-size limit is SIGXFSZ, a full box may end it.
    match spec.files {
        Files::OneFile(bytes) if bytes > OUTPUT_CAP_BYTES => {
            return Prediction::only("OLE", false);
        }
        Files::FillBox {
            on_full: Some(code),
        } => {
            return Prediction::only(ended(End::Exit(code), false), false);
        }
        _ => {}
    }
    if scale.over_budget(spec.memory_bytes) {
        return Prediction::only("MLE", false);
    }
    // The root and its holders fill the process cap past this many.
    let fork_refused = u64::from(spec.holders.count) >= PROCESS_CAP;
    if let Some(code) = spec.holders.on_refused.filter(|_| fork_refused) {
        return Prediction::only(ended(End::Exit(code), false), true);
    }
    // The waited children run beside the root's burn and sleep. A child's early limit
    // ends the run before any late one; two early ones in different children race (the
    // earlier row of the table wins only when both happened before the tree was stopped),
    // so each of their verdicts may come. Children not waited for never reach a limit
    // (they sleep, or burn only while the root runs, which is briefly when nothing else
    // is late).
    let mut soon = BTreeSet::new();
    let mut late = scale.over_time(spec.burn_ms) || scale.past_idle(spec.sleep_ms);
    for child in spec.children.iter().filter(|child| child.waited) {
        match reached(child, scale) {
            Some(Reached::Soon(code)) => {
                soon.insert(code);
            }
            Some(Reached::Late) => late = true,
            None => {}
        }
    }
    if !soon.is_empty() {
        return Prediction {
            codes: raced_by_the_end(soon, spec.end),
            fork_refused,
        };
    }
    if late {
        // Past the CPU cap or idle past the wall cap: TLE either way, whichever cap a
        // loaded machine lets the run reach first.
        return Prediction::only("TLE", fork_refused);
    }
    let (printed, right) = match &spec.stdout {
        Stdout::Answer {
            before,
            flipped,
            after,
        } => (
            before.len() as u64 + 5 + after.len() as u64,
            !flipped && separators_only(before) && separators_only(after),
        ),
        Stdout::Bytes(bytes) => (bytes.len(), false),
    };
    if printed > OUTPUT_CAP_BYTES {
        return Prediction {
            codes: raced_by_the_end(BTreeSet::from(["OLE"]), spec.end),
            fork_refused,
        };
    }
    Prediction::only(ended(spec.end, right), fork_refused)
}

/// The verdicts once a limit was reached that the spawner sees only at its next look (a
/// child's memory past the limit, output past the cap): until its kill lands, the root
/// may go on to its end, and an end that the table puts first (`SIGXCPU`) may decide.
fn raced_by_the_end(mut codes: BTreeSet<&'static str>, end: End) -> BTreeSet<&'static str> {
    if end == End::Raise(libc::SIGXCPU) {
        codes.insert("TLE");
    }
    codes
}

/// The first limit `child` reaches, in its order of steps.
fn reached(child: &Child, scale: &Scale) -> Option<Reached> {
    if scale.over_budget(child.memory_bytes) {
        return Some(Reached::Soon("MLE"));
    }
    if scale.over_time(child.burn_ms) || scale.past_idle(child.sleep_ms) {
        return Some(Reached::Late);
    }
    if child.stdout.len() > OUTPUT_CAP_BYTES {
        return Some(Reached::Soon("OLE"));
    }
    // A stopped child is never reaped: the root waits past the wall cap.
    (child.end == End::Raise(libc::SIGSTOP)).then_some(Reached::Late)
}

/// The verdict of a root that ends as `end`, having printed the right answer or not.
fn ended(end: End, right: bool) -> &'static str {
    match end {
        End::Raise(libc::SIGXCPU | libc::SIGSTOP) => "TLE",
        End::Raise(libc::SIGXFSZ) => "OLE",
        End::Raise(_) => "RE",
        End::Exit(0) if right => "AC",
        End::Exit(0) => "WA",
        End::Exit(_) => "RE",
    }
}
