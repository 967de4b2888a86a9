//! Asking systemd's user manager for a transient scope with `Delegate=yes` holding this
//! process, as podman and crun do for an ordinary user: the scope's group is then the
//! user's to divide.
//!
//! The request goes over D-Bus through `busctl`, systemd's own D-Bus client: it is there
//! wherever a systemd user manager is to be asked, and one call does not justify the
//! dozens of crates a D-Bus library would add to every build. The scope is
//! `StartTransientUnit(name, "fail", [PIDs, Delegate, Description], [])`; the move is done
//! by the job it starts, so the process waits until `/proc/self/cgroup` names the scope.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use super::MOUNT;

/// How long systemd may take to move this process into the new scope.
const MOVE_DEADLINE: Duration = Duration::from_secs(5);

/// Whether a systemd user session has a bus to ask on: `$DBUS_SESSION_BUS_ADDRESS`, or
/// the socket `$XDG_RUNTIME_DIR/bus` (where `busctl --user` looks).
pub fn session_bus() -> bool {
    std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|runtime| Path::new(&runtime).join("bus").exists())
}

/// The arguments of `busctl` that ask for the scope `name` holding process `pid`.
fn request(name: &str, pid: u32) -> Vec<String> {
    [
        "--user",
        "call",
        "org.freedesktop.systemd1",
        "/org/freedesktop/systemd1",
        "org.freedesktop.systemd1.Manager",
        "StartTransientUnit",
        "ssa(sv)a(sa(sv))",
        name,
        "fail",
        "3",
        "PIDs",
        "au",
        "1",
        &pid.to_string(),
        "Delegate",
        "b",
        "true",
        "Description",
        "s",
        "cargo xtask: the groups of its sandbox's runs",
        "0",
    ]
    .map(str::to_owned)
    .to_vec()
}

/// Moves this process into a new scope delegated to the user, and returns its folder.
///
/// # Errors
/// No systemd user session, no `busctl`, or systemd refused or did not move the process.
pub fn delegated_scope() -> Result<PathBuf> {
    if !session_bus() {
        bail!(
            "no systemd user session to ask for a delegated scope (neither \
             $DBUS_SESSION_BUS_ADDRESS nor $XDG_RUNTIME_DIR/bus; a login through su or sudo \
             has none: log in as the user, or `loginctl enable-linger USER`)"
        );
    }
    let pid = std::process::id();
    let name = format!("xtask-{pid}-{:08x}.scope", fastrand::u32(..));
    let output = Command::new("busctl")
        .args(request(&name, pid))
        .output()
        .context("running busctl (systemd's D-Bus client) to ask for a delegated scope")?;
    if !output.status.success() {
        bail!(
            "systemd's user manager refused a delegated scope: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let started = Instant::now();
    loop {
        let text = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        let own = text.lines().find_map(|line| line.strip_prefix("0::"));
        if let Some(own) = own.filter(|own| own.ends_with(&format!("/{name}"))) {
            return Ok(Path::new(MOUNT).join(own.trim_start_matches('/')));
        }
        if started.elapsed() > MOVE_DEADLINE {
            bail!(
                "systemd made the scope {name} but did not move this process into it within {} s",
                MOVE_DEADLINE.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_has_as_many_properties_as_it_says() {
        let args = request("xtask-1-0.scope", 42);
        let signature_at = args.iter().position(|a| a == "ssa(sv)a(sa(sv))").unwrap();
        assert_eq!(args[signature_at + 1], "xtask-1-0.scope");
        let count: usize = args[signature_at + 3].parse().unwrap();
        // Each property is a name, a signature and its value (one array of one pid).
        let properties = &args[signature_at + 4..args.len() - 1];
        assert_eq!(
            properties
                .iter()
                .filter(|a| a.starts_with(char::is_uppercase))
                .count(),
            count
        );
        assert_eq!(&properties[..4], ["PIDs", "au", "1", "42"]);
        assert_eq!(args.last().unwrap(), "0", "no auxiliary units");
    }
}
