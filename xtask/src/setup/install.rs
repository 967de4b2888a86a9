//! Installing Debian packages the way the user can: with `apt-get` as root, with `sudo`
//! when it asks no password, or not at all (then one line says what to run).

use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail, ensure};

/// How packages can be installed on this machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Installer {
    /// We are root: `apt-get` itself.
    Root,
    /// `sudo -n` works (no password asked): `sudo apt-get`.
    Sudo,
    /// Neither, or no `apt-get`: the user installs them.
    User,
}

impl Installer {
    /// The way open to this process.
    pub fn here() -> Self {
        if !succeeds(Command::new("apt-get").arg("--version")) {
            Installer::User
        } else if nix::unistd::geteuid().is_root() {
            Installer::Root
        } else if succeeds(Command::new("sudo").args(["-n", "true"])) {
            Installer::Sudo
        } else {
            Installer::User
        }
    }

    /// Installs `packages`, saying on stderr what runs.
    ///
    /// # Errors
    /// Nothing can install them here (the message is the one line saying what to run), or
    /// `apt-get` fails.
    pub fn install(self, packages: &[&str]) -> Result<()> {
        let sudo: &[&str] = match self {
            Installer::Root => &[],
            Installer::Sudo => &["sudo"],
            Installer::User => bail!("{}", request(packages)),
        };
        let update = [sudo, &["apt-get", "update", "-q"]].concat();
        let install = [sudo, &["apt-get", "install", "-y", "-q"], packages].concat();
        for command in [update, install] {
            eprintln!("running {}", command.join(" "));
            let status = Command::new(command[0])
                .args(&command[1..])
                .env("DEBIAN_FRONTEND", "noninteractive")
                .status()
                .with_context(|| format!("running {}", command[0]))?;
            ensure!(status.success(), "{} failed", command.join(" "));
        }
        Ok(())
    }
}

/// The one line that tells the user what to install.
pub fn request(packages: &[&str]) -> String {
    format!(
        "the tests need Debian packages that are not installed; run: sudo apt-get install {}",
        packages.join(" ")
    )
}

fn succeeds(command: &mut Command) -> bool {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_way_to_install_one_line_names_every_package() {
        let error = Installer::User
            .install(&["g++", "chromium-driver"])
            .unwrap_err();
        let message = format!("{error:#}");
        assert!(
            message.ends_with("sudo apt-get install g++ chromium-driver"),
            "{message}"
        );
        assert!(!message.contains('\n'), "{message}");
    }
}
