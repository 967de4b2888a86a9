//! What systemd says of this process's group, and asking it for a transient scope with
//! `Delegate=yes` holding this process, as podman and crun do: the scope's group is then
//! this process's to divide. Where systemd runs, a group is managed only if systemd
//! delegated it: a desktop terminal's scope belongs to the user but is not delegated, and
//! systemd applies its `OOMPolicy=stop` to the first out-of-memory kill counted in it
//! (the terminal, its shell and the judge die with the run).
//!
//! Questions and requests go over D-Bus through `systemctl` and `busctl`, systemd's own
//! clients: they are there wherever systemd is, and a few calls do not justify the dozens
//! of crates a D-Bus library would add to every build. The scope is
//! `StartTransientUnit(name, "fail", [PIDs, Delegate, Description], [])`, asked of the
//! system's manager by root and of the user's own manager otherwise; the move is done by
//! the job it starts, so the process waits until `/proc/self/cgroup` names the scope.
//!
//! An ordinary user's manager is found by its socket, `/run/user/UID/bus`, whatever the
//! environment says: `su` and `sudo` keep the caller's `XDG_RUNTIME_DIR` and bus, which
//! are not this user's.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use nix::unistd::Uid;

use super::MOUNT;

/// How long systemd may take to move this process into the new scope.
const MOVE_DEADLINE: Duration = Duration::from_secs(5);

/// Whether systemd is this machine's init (what `sd_booted` tests).
pub fn booted() -> bool {
    Path::new("/run/systemd/system").is_dir()
}

/// A systemd manager to ask: the machine's, or an ordinary user's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Manager {
    System,
    /// The user's manager, by its runtime folder (`/run/user/UID`).
    User {
        runtime: PathBuf,
    },
}

impl Manager {
    /// The manager this process may ask for a scope: the system's for root; for an
    /// ordinary user, their own manager, found by its socket.
    ///
    /// # Errors
    /// No manager runs for this user: why (with what the environment says, where it
    /// names another user's session), and what would start one.
    pub fn own() -> Result<Manager> {
        let uid = Uid::effective();
        if uid.is_root() {
            return Ok(Manager::System);
        }
        let runtime = PathBuf::from(format!("/run/user/{uid}"));
        if runtime.join("bus").exists() {
            return Ok(Manager::User { runtime });
        }
        let session = match std::env::var_os("XDG_RUNTIME_DIR") {
            Some(theirs) if Path::new(&theirs) != runtime => format!(
                "this environment's XDG_RUNTIME_DIR={} is another user's session (su and sudo \
                 keep the caller's), ",
                Path::new(&theirs).display()
            ),
            Some(_) => String::new(),
            None => "this process is in no login session (no XDG_RUNTIME_DIR), ".to_owned(),
        };
        let user = nix::unistd::User::from_uid(uid)
            .ok()
            .flatten()
            .map_or_else(|| uid.to_string(), |user| user.name);
        bail!(
            "{session}and no systemd user manager runs for uid {uid} ({} has no bus) to give a \
             delegated scope. `loginctl enable-linger {user}` starts one that stays (then run \
             this again as it is), or log in as {user} (ssh, or `machinectl shell {user}@`)",
            runtime.display()
        )
    }

    /// `systemctl` or `busctl` talking to this manager.
    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        if let Manager::User { runtime } = self {
            command.arg("--user").env("XDG_RUNTIME_DIR", runtime).env(
                "DBUS_SESSION_BUS_ADDRESS",
                format!("unix:path={}", runtime.join("bus").display()),
            );
        }
        command
    }
}

/// The unit whose group holds `group` (a folder under [`MOUNT`]), and its manager: the
/// deepest scope or service on the path; a user's manager's own units lie under its
/// `user@UID.service`.
pub fn unit_of(group: &Path) -> Option<(Manager, String)> {
    let inside = group.strip_prefix(MOUNT).ok()?;
    let names: Vec<String> = inside
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    let at = names
        .iter()
        .rposition(|name| name.ends_with(".scope") || name.ends_with(".service"))?;
    let under_user_manager = names[..at]
        .iter()
        .find(|name| name.starts_with("user@") && name.ends_with(".service"))
        .and_then(|name| {
            name["user@".len()..name.len() - ".service".len()]
                .parse::<u32>()
                .ok()
        });
    let manager = match under_user_manager {
        Some(uid) => Manager::User {
            runtime: PathBuf::from(format!("/run/user/{uid}")),
        },
        None => Manager::System,
    };
    Some((manager, names[at].clone()))
}

/// What to know of a group that lies in a user's manager (`user@UID.service`): systemd
/// stops that manager, and every run in it, when the user's last login ends, unless
/// the user lingers.
pub fn ends_with_last_login(group: &Path) -> Option<String> {
    let (Manager::User { .. }, _) = unit_of(group)? else {
        return None;
    };
    let uid = group
        .components()
        .filter_map(|part| part.as_os_str().to_str())
        .find_map(|name| {
            name.strip_prefix("user@")?
                .strip_suffix(".service")?
                .parse()
                .ok()
        })?;
    let user = nix::unistd::User::from_uid(Uid::from_raw(uid))
        .ok()
        .flatten()?;
    if Path::new("/var/lib/systemd/linger")
        .join(&user.name)
        .exists()
    {
        return None;
    }
    Some(format!(
        "the runs' cgroup is a scope of your systemd user manager, which stops when your last \
         login ends, and ends a run still going: `loginctl enable-linger {}` keeps it",
        user.name
    ))
}

/// Whether systemd delegated `unit` (its `Delegate` property is on).
///
/// # Errors
/// The manager cannot be asked.
pub fn delegates(manager: &Manager, unit: &str) -> Result<bool> {
    let output = manager
        .command("systemctl")
        .args(["show", "--property=Delegate", "--value", unit])
        .output()
        .context("running systemctl to ask whether the unit is delegated")?;
    if !output.status.success() {
        bail!(
            "systemctl could not say whether {unit} is delegated: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim() == "yes")
}

/// The arguments of `busctl` that ask for the scope `name` holding process `pid`.
fn request(name: &str, pid: u32) -> Vec<String> {
    [
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

/// Moves this process into a new scope that `manager` delegates to it, and returns its
/// folder.
///
/// # Errors
/// No `busctl`, or systemd refused or did not move the process.
pub fn delegated_scope(manager: &Manager) -> Result<PathBuf> {
    let pid = std::process::id();
    let name = format!("xtask-{pid}-{:08x}.scope", fastrand::u32(..));
    let output = manager
        .command("busctl")
        .args(request(&name, pid))
        .output()
        .context("running busctl (systemd's D-Bus client) to ask for a delegated scope")?;
    if !output.status.success() {
        let whose = match manager {
            Manager::System => "the system's manager",
            Manager::User { .. } => "your user manager",
        };
        bail!(
            "systemd ({whose}) refused a delegated scope: {}",
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

    #[test]
    fn a_group_s_unit_is_the_deepest_scope_or_service_with_its_manager() {
        let unit = |path: &str| unit_of(&Path::new(MOUNT).join(path));
        let user = |uid: u32| Manager::User {
            runtime: PathBuf::from(format!("/run/user/{uid}")),
        };
        // An ssh login: the system's session scope.
        assert_eq!(
            unit("user.slice/user-1000.slice/session-3.scope"),
            Some((Manager::System, "session-3.scope".to_owned()))
        );
        // A desktop terminal: a scope of the user's manager.
        assert_eq!(
            unit(
                "user.slice/user-1000.slice/user@1000.service/app.slice/app-org.gnome.Terminal.slice/vte-spawn-1.scope"
            ),
            Some((user(1000), "vte-spawn-1.scope".to_owned()))
        );
        // The judge's own leaf in a scope it was given.
        assert_eq!(
            unit(
                "user.slice/user-1000.slice/user@1000.service/app.slice/xtask-7-0.scope/xtask-runner"
            ),
            Some((user(1000), "xtask-7-0.scope".to_owned()))
        );
        // A service of the system's manager; the user manager's own service.
        assert_eq!(
            unit("system.slice/judge.service"),
            Some((Manager::System, "judge.service".to_owned()))
        );
        assert_eq!(
            unit("user.slice/user-1000.slice/user@1000.service"),
            Some((Manager::System, "user@1000.service".to_owned()))
        );
        // The root, or a group no unit holds.
        assert_eq!(unit(""), None);
        assert_eq!(unit("handed-over/by-hand"), None);
    }

    #[test]
    fn a_scope_of_a_user_manager_is_said_to_end_with_the_last_login_unless_lingering() {
        let group = |path: &str| Path::new(MOUNT).join(path);
        assert_eq!(
            ends_with_last_login(&group("system.slice/xtask-1-0.scope/xtask-runs")),
            None
        );
        let in_roots_manager =
            group("user.slice/user-0.slice/user@0.service/app.slice/xtask-1-0.scope/xtask-runs");
        let lingers = Path::new("/var/lib/systemd/linger/root").exists();
        match ends_with_last_login(&in_roots_manager) {
            Some(note) => {
                assert!(!lingers);
                assert!(note.contains("`loginctl enable-linger root`"), "{note}");
            }
            None => assert!(lingers),
        }
    }
}
