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
    /// What an active layer lacks, and what would give it (accounting sampled because
    /// no cgroup can be had here, say): shown under the header.
    #[serde(default)]
    pub notes: Vec<String>,
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

    /// The report's header: one line naming the active layers (and how the accounting
    /// layer counts, the one that differs between machines), then a line for each missing
    /// layer with its reason, and one for each note:
    ///
    /// ```text
    /// sandbox: files, network, processes, accounting (cgroup v2), environment
    /// sandbox: MISSING files: no private root (...)
    /// ```
    pub fn header(&self) -> String {
        let active: Vec<String> = self
            .named()
            .into_iter()
            .filter_map(|(name, layer)| match layer {
                Layer::Active(how) if name == "accounting" => {
                    let kind = how.split(';').next().unwrap_or(how);
                    Some(format!("{name} ({kind})"))
                }
                Layer::Active(_) => Some(name.to_owned()),
                Layer::Missing(_) => None,
            })
            .collect();
        let mut lines = vec![format!("sandbox: {}", active.join(", "))];
        for (name, layer) in self.named() {
            if let Layer::Missing(why) = layer {
                lines.push(format!("sandbox: MISSING {name}: {why}"));
            }
        }
        for note in &self.notes {
            lines.push(format!("sandbox: {note}"));
        }
        lines.join("\n")
    }

    /// Every layer and how it works here (or why it is missing), on one line:
    /// `files (private root, read-only, ..., landlock), network (namespace, seccomp), ...`.
    pub fn details(&self) -> String {
        let mut parts: Vec<String> = self
            .named()
            .into_iter()
            .filter_map(|(name, layer)| match layer {
                Layer::Active(how) => Some(format!("{name} ({how})")),
                Layer::Missing(_) => None,
            })
            .collect();
        let missing = self.missing();
        if !missing.is_empty() {
            parts.push(format!("MISSING: {}", missing.join(", ")));
        }
        format!("sandbox: {}", parts.join(", "))
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

    /// Refuses a sandbox that lacks a layer `expected` names ([`expected_here`]), whatever
    /// the strictness: a machine said to have a layer that it does not have is a broken
    /// machine, and its runs would say nothing true.
    ///
    /// # Errors
    /// Some expected layer is missing, or active otherwise than expected.
    pub fn expect(&self, expected: &str) -> anyhow::Result<()> {
        let unmet = self.unmet(expected);
        if !unmet.is_empty() {
            anyhow::bail!(
                "this machine is expected to have layers it does not \
                 ($XTASK_EXPECT_LAYERS or CI=true: {expected:?}): {}",
                unmet.join(", ")
            );
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
            notes: Vec::new(),
        }
    }

    #[test]
    fn the_header_names_every_layer_and_what_is_missing() {
        let mut layers = all_active();
        assert_eq!(
            layers.header(),
            "sandbox: files, network, processes, accounting (cgroup v1), environment"
        );
        assert_eq!(
            layers.details(),
            "sandbox: files (landlock), network (namespace, seccomp), processes (pid namespace), \
             accounting (cgroup v1), environment (cleared)"
        );
        assert!(layers.require(Strictness::Strict).is_ok());
        layers.accounting = Layer::Missing("no writable cgroup".to_owned());
        layers.notes.push("a note".to_owned());
        assert_eq!(
            layers.header(),
            "sandbox: files, network, processes, environment\n\
             sandbox: MISSING accounting: no writable cgroup\n\
             sandbox: a note"
        );
        assert!(
            layers
                .details()
                .ends_with(", MISSING: accounting (no writable cgroup)")
        );
        assert!(layers.require(Strictness::Report).is_ok());
        let refused = layers.require(Strictness::Strict).unwrap_err().to_string();
        assert!(
            refused.contains("accounting (no writable cgroup)"),
            "{refused}"
        );
        let unexpected = layers.expect("files,accounting").unwrap_err().to_string();
        assert!(
            unexpected.contains("accounting (missing: no writable cgroup)"),
            "{unexpected}"
        );
    }

    #[test]
    fn the_header_shows_how_accounting_counts_without_its_reasons() {
        let mut layers = all_active();
        layers.accounting = Layer::Active("sampled, no cgroup; why not".to_owned());
        assert!(
            layers
                .header()
                .contains(", accounting (sampled, no cgroup), "),
            "{}",
            layers.header()
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
