//! The spawner's side (`xtask spawner`): a small process, one per worker, that enters the
//! namespaces, finds which layers this machine allows, says so in its first line, then
//! answers one run request per line on stdin with one report per line on stdout (JSON).
//!
//! It starts fresh from the runner, holding almost no memory: a forked child's peak
//! resident memory counts its parent's pages, and the runner may hold a lot.

use std::io::{BufRead, Write};

use anyhow::Result;
use landlock::RulesetStatus;
use nix::sys::signal::{SigHandler, Signal, signal};
use serde::{Deserialize, Serialize};

use super::cgroup::Hierarchy;
use super::launch::{Abilities, Kept, RunnerGone, launch};
use super::namespaces::{self, Outcome};
use super::{Layer, Layers, Report, Request, files, syscalls};

/// The spawner's first line.
#[derive(Debug, Serialize, Deserialize)]
pub struct Hello {
    pub layers: Layers,
}

/// One reply: a report, or why the run could not happen.
#[derive(Debug, Serialize, Deserialize)]
pub enum Reply {
    Ran(Report),
    Failed(String),
}

/// Serves requests until stdin ends.
///
/// # Errors
/// Never in practice: a closed stdout (the runner is gone) ends it quietly.
pub fn serve() -> Result<()> {
    // Ctrl-C reaches the runner's whole process group, the spawner included: the spawner
    // ends the run in progress when the runner closes its input, not on the signal.
    // SAFETY: setting a disposition to "ignore" installs no handler.
    unsafe { signal(Signal::SIGINT, SigHandler::SigIgn) }?;
    // Before the namespaces: finding the cgroup may move processes, named by their pids
    // outside.
    let cgroups = Hierarchy::detect();
    let namespaces = namespaces::enter();
    let (abilities, layers) = abilities(&namespaces, cgroups);
    let mut stdout = std::io::stdout().lock();
    let hello = serde_json::to_string(&Hello { layers })?;
    if writeln!(stdout, "{hello}")
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return Ok(());
    }
    let mut kept = Kept::default();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let reply = match serde_json::from_str::<Request>(&line) {
            Ok(request) => match launch(&abilities, &mut kept, &request) {
                Ok(report) => Reply::Ran(report),
                // The run was ended; nobody waits for a reply.
                Err(error) if error.is::<RunnerGone>() => break,
                Err(error) => Reply::Failed(format!("{error:#}")),
            },
            Err(error) => Reply::Failed(format!("a malformed request: {error}")),
        };
        let Ok(reply) = serde_json::to_string(&reply) else {
            break;
        };
        if writeln!(stdout, "{reply}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            break; // the runner is gone: nothing to say, nobody to say it to
        }
    }
    kept.release();
    Ok(())
}

/// Finds the layers this machine allows, once.
fn abilities(namespaces: &Outcome, cgroups: Result<Hierarchy>) -> (Abilities, Layers) {
    let pid_namespace = matches!(namespaces, Outcome::Entered { .. });
    let landlock = files::probe();
    let seccomp = syscalls::filter();
    let capabilities = caps::read(None, caps::CapSet::Effective).unwrap_or_default();
    let landlock_layer = match &landlock {
        Ok(RulesetStatus::FullyEnforced) => Layer::Active("landlock".to_owned()),
        Ok(RulesetStatus::PartiallyEnforced) => {
            Layer::Active("landlock, partly: an older kernel".to_owned())
        }
        Ok(RulesetStatus::NotEnforced) => {
            Layer::Missing("this kernel does not enforce Landlock".to_owned())
        }
        Err(error) => Layer::Missing(format!("landlock: {error:#}")),
    };
    let namespace_reason = match namespaces {
        Outcome::Entered { .. } => None,
        Outcome::Refused(why) => Some(why.clone()),
    };
    let user_namespace = matches!(
        namespaces,
        Outcome::Entered {
            user_namespace: true
        }
    );
    let network = match (&namespace_reason, &seccomp) {
        (None, Ok(_)) => Layer::Active("namespace, seccomp".to_owned()),
        (Some(why), Ok(_)) => Layer::Active(format!("seccomp only; no namespace: {why}")),
        (None, Err(error)) => Layer::Active(format!("namespace only; seccomp: {error:#}")),
        (Some(why), Err(error)) => Layer::Missing(format!("{why}; seccomp: {error:#}")),
    };
    let cap = match &cgroups {
        Ok(_) => ", cgroup process cap",
        Err(_) => "",
    };
    let processes = match (&namespace_reason, &cgroups) {
        (None, _) => Layer::Active(format!(
            "pid namespace{}{cap}",
            if user_namespace {
                " in a user namespace"
            } else {
                ""
            }
        )),
        (Some(why), Ok(_)) => Layer::Active(format!("cgroup kill{cap}; no pid namespace: {why}")),
        (Some(why), Err(error)) => Layer::Missing(format!(
            "process group kill only: no pid namespace ({why}), no cgroup ({error:#})"
        )),
    };
    let accounting = match &cgroups {
        Ok(hierarchy) => Layer::Active(hierarchy.name().to_owned()),
        Err(error) => Layer::Missing(format!(
            "no cgroup ({error:#}): time and memory of the program alone, from wait4"
        )),
    };
    let layers = Layers {
        files: landlock_layer,
        network,
        processes,
        accounting,
        environment: Layer::Active("cleared".to_owned()),
    };
    let abilities = Abilities {
        pid_namespace,
        cgroups: cgroups.ok(),
        landlock: matches!(
            landlock,
            Ok(RulesetStatus::FullyEnforced | RulesetStatus::PartiallyEnforced)
        ),
        seccomp: seccomp.ok(),
        drop_capabilities: !capabilities.is_empty(),
    };
    (abilities, layers)
}

/// The report of a run that the runner asked of a spawner: decoded, for the client.
pub fn decode(line: &str) -> Result<Reply> {
    Ok(serde_json::from_str(line)?)
}
