//! Which layers of the sandbox are active on this machine, said in the report's header,
//! the choice to refuse running without all of them (`--sandbox strict`), and the layers
//! a machine is expected to have (CI states them; the tests check them).

use serde::{Deserialize, Serialize};

/// One layer: active (and how), or missing (and why).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Layer {
    Active(String),
    Missing(String),
}

impl Layer {
    pub fn is_active(&self) -> bool {
        matches!(self, Layer::Active(_))
    }
}

/// The layers, as the spawner found them when it started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layers {
    pub files: Layer,
    pub network: Layer,
    pub processes: Layer,
    pub accounting: Layer,
    pub environment: Layer,
}

/// Whether a missing layer is reported (the default) or refuses the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Strictness {
    /// Run with the layers the machine allows; name the missing ones.
    #[default]
    Report,
    /// Refuse to run unless every layer is active.
    Strict,
}

impl Layers {
    fn named(&self) -> [(&'static str, &Layer); 5] {
        [
            ("files", &self.files),
            ("network", &self.network),
            ("processes", &self.processes),
            ("accounting", &self.accounting),
            ("environment", &self.environment),
        ]
    }

    /// The missing layers with their reasons.
    pub fn missing(&self) -> Vec<String> {
        self.named()
            .into_iter()
            .filter_map(|(name, layer)| match layer {
                Layer::Missing(why) => Some(format!("{name} ({why})")),
                Layer::Active(_) => None,
            })
            .collect()
    }

    /// The report's header line: `sandbox: files (landlock), network (...), ...`, then
    /// `MISSING: ...` for each layer that is not active.
    pub fn header(&self) -> String {
        let active: Vec<String> = self
            .named()
            .into_iter()
            .filter_map(|(name, layer)| match layer {
                Layer::Active(how) => Some(format!("{name} ({how})")),
                Layer::Missing(_) => None,
            })
            .collect();
        let mut line = format!("sandbox: {}", active.join(", "));
        let missing = self.missing();
        if !missing.is_empty() {
            line.push_str(&format!("; MISSING: {}", missing.join(", ")));
        }
        line
    }

    /// The layers of `expected` that are missing, or active otherwise than it says.
    /// `expected` is `all`, or layer names separated by commas, each with an optional
    /// `=how`, the start of its description (`files,accounting=cgroup v2`); empty expects
    /// nothing.
    pub fn unmet(&self, expected: &str) -> Vec<String> {
        let named = self.named();
        let wanted: Vec<(&str, &str)> = if expected.trim() == "all" {
            named.iter().map(|(name, _)| (*name, "")).collect()
        } else {
            expected
                .split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(|item| item.split_once('=').unwrap_or((item, "")))
                .collect()
        };
        wanted
            .into_iter()
            .filter_map(
                |(name, how)| match named.iter().find(|(known, _)| *known == name.trim()) {
                    None => Some(format!("{name} (no such layer)")),
                    Some((_, Layer::Missing(why))) => Some(format!("{name} (missing: {why})")),
                    Some((_, Layer::Active(active))) if !active.starts_with(how.trim()) => {
                        Some(format!("{name} ({active}, not {})", how.trim()))
                    }
                    Some(_) => None,
                },
            )
            .collect()
    }

    /// Refuses (under [`Strictness::Strict`]) a sandbox with a missing layer.
    ///
    /// # Errors
    /// Strict, and some layer is missing.
    pub fn require(&self, strictness: Strictness) -> anyhow::Result<()> {
        let missing = self.missing();
        if strictness == Strictness::Strict && !missing.is_empty() {
            anyhow::bail!("--sandbox strict: missing layer(s): {}", missing.join(", "));
        }
        Ok(())
    }
}

/// The layers this machine is expected to have, for [`Layers::unmet`]:
/// `$XTASK_EXPECT_LAYERS` where set (CI's jobs say what each machine has); every layer
/// under `CI=true` otherwise; none elsewhere (a user's machine has what it has, and the
/// header says what).
pub fn expected_here() -> String {
    match std::env::var("XTASK_EXPECT_LAYERS") {
        Ok(expected) => expected,
        Err(_) if std::env::var("CI").is_ok_and(|ci| ci == "true") => "all".to_owned(),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_active() -> Layers {
        let on = |how: &str| Layer::Active(how.to_owned());
        Layers {
            files: on("landlock"),
            network: on("namespace, seccomp"),
            processes: on("pid namespace"),
            accounting: on("cgroup v1"),
            environment: on("cleared"),
        }
    }

    #[test]
    fn the_header_names_every_layer_and_what_is_missing() {
        let mut layers = all_active();
        assert_eq!(
            layers.header(),
            "sandbox: files (landlock), network (namespace, seccomp), processes (pid namespace), \
             accounting (cgroup v1), environment (cleared)"
        );
        assert!(layers.require(Strictness::Strict).is_ok());
        layers.accounting = Layer::Missing("no writable cgroup".to_owned());
        assert!(
            layers
                .header()
                .ends_with("; MISSING: accounting (no writable cgroup)")
        );
        assert!(layers.require(Strictness::Report).is_ok());
        let refused = layers.require(Strictness::Strict).unwrap_err().to_string();
        assert!(
            refused.contains("accounting (no writable cgroup)"),
            "{refused}"
        );
    }

    #[test]
    fn expected_layers_are_checked_by_name_and_how() {
        let mut layers = all_active();
        assert!(layers.unmet("all").is_empty());
        assert!(layers.unmet("").is_empty());
        assert!(layers.unmet("files, accounting=cgroup v1").is_empty());
        assert_eq!(
            layers.unmet("accounting=cgroup v2"),
            ["accounting (cgroup v1, not cgroup v2)"]
        );
        assert_eq!(layers.unmet("sound"), ["sound (no such layer)"]);
        layers.accounting = Layer::Missing("not delegated".to_owned());
        assert_eq!(layers.unmet("all"), ["accounting (missing: not delegated)"]);
        assert!(layers.unmet("files,network").is_empty());
    }
}
