//! Which layers of the sandbox are active on this machine, said in the report's header,
//! and the choice to refuse running without all of them (`--sandbox strict`).

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
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
}
