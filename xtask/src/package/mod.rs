//! `cargo xtask package [CRATE..] [--out DIR] [--zip]`: exports each problem as a problem
//! package in the Kattis legacy format, which Kattis installs, DOMjudge imports and
//! problemtools' `verifyproblem` checks.
//!
//! A package is the problem's hand-written assets from `packages/<crate>/` (statement,
//! input validator, submissions), `problem.yaml`, `.timelimit` and `domjudge-problem.ini`
//! written from [`meta::PACKAGES`], and the `testdata/` files that follow the statement's
//! format exactly as `data/sample` and `data/secret` (gam: 15 scoring groups and a 0-point
//! group), with `.ans` for `.out`. The files left out are printed and listed in the
//! package's `LEFT-OUT.md`.

pub mod archive;
pub mod data;
pub mod meta;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::{build, project_root};
use data::LeftOut;
use meta::Meta;

/// The subcommand.
#[derive(Debug, Default)]
pub struct Package {
    /// Crates to export; every problem when empty.
    pub crates: Vec<String>,
    /// Where the package folders go (default `<target>/packages`).
    pub out: Option<PathBuf>,
    /// Also write `<folder>.zip` beside each folder.
    pub zip: bool,
}

/// One exported package.
#[derive(Debug)]
pub struct Exported {
    pub dir: PathBuf,
    pub tests: usize,
    pub left_out: Vec<LeftOut>,
    pub zip: Option<PathBuf>,
}

impl Package {
    /// Exports the packages and prints what each holds and what it left out.
    ///
    /// # Errors
    /// An unknown crate, an unreadable asset, a validator that does not compile, or a
    /// folder that cannot be written.
    pub fn run(&self) -> Result<Vec<Exported>> {
        let root = project_root();
        let out = match &self.out {
            Some(out) => out.clone(),
            None => build::target_dir(&root)?.join("packages"),
        };
        let metas: Vec<&Meta> = if self.crates.is_empty() {
            meta::PACKAGES.iter().collect()
        } else {
            self.crates
                .iter()
                .map(|name| {
                    meta::find(name).with_context(|| {
                        format!(
                            "no problem named {name:?} (known: {})",
                            meta::PACKAGES
                                .iter()
                                .map(|m| m.crate_name)
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    })
                })
                .collect::<Result<_>>()?
        };
        let mut exported = Vec::new();
        for meta in metas {
            let package = export(&root, meta, &out, self.zip)?;
            println!(
                "{}: {} tests in {}",
                meta.crate_name,
                package.tests,
                package.dir.display()
            );
            for left in &package.left_out {
                println!("  left out {}: {}", left.name, left.reason);
            }
            if let Some(zip) = &package.zip {
                println!("  zip: {}", zip.display());
            }
            exported.push(package);
        }
        Ok(exported)
    }
}

/// Writes the package of `meta` to `out/<folder>` (replacing an older one).
///
/// # Errors
/// As [`Package::run`].
pub fn export(root: &Path, meta: &Meta, out: &Path, zip: bool) -> Result<Exported> {
    let dir = out.join(meta.folder);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).with_context(|| format!("removing {}", dir.display()))?;
    }
    let assets = root.join("packages").join(meta.crate_name);
    if !assets.is_dir() {
        bail!(
            "the assets of {} are missing: {}",
            meta.crate_name,
            assets.display()
        );
    }
    copy_tree(&assets, &dir)?;
    // The validator is a folder, compiled as one program: its own rules, and the strict
    // reading all five share, kept once in packages/common/.
    copy(
        &root.join("packages/common/strict_input.h"),
        &dir.join("input_validators/validate/strict_input.h"),
    )?;
    write(&dir.join("problem.yaml"), &meta.problem_yaml())?;
    write(
        &dir.join(".timelimit"),
        &format!("{}\n", meta.time_limit_secs),
    )?;
    write(&dir.join("domjudge-problem.ini"), &meta.domjudge_ini())?;

    let scratch = tempfile::tempdir().context("creating a scratch folder")?;
    let validator = data::compile_validator(
        &dir.join("input_validators/validate/validate.cpp"),
        scratch.path(),
    )?;
    let (placed, left_out) = data::place(
        &root.join("testdata").join(meta.crate_name),
        &validator,
        meta.scoring,
    )?;
    for test in &placed {
        let folder = dir.join("data").join(&test.folder);
        std::fs::create_dir_all(&folder)
            .with_context(|| format!("creating {}", folder.display()))?;
        copy(
            &test.pair.input,
            &folder.join(format!("{}.in", test.pair.name)),
        )?;
        copy(
            &test.pair.expected,
            &folder.join(format!("{}.ans", test.pair.name)),
        )?;
    }
    if meta.scoring {
        for group in 1..=data::GAM_POINTS.len() {
            let folder = dir.join(format!("data/secret/group{group:02}"));
            if folder.is_dir() {
                write(&folder.join("testdata.yaml"), &data::gam_group_yaml(group))?;
            }
        }
        for (folder, yaml) in data::gam_yaml_files() {
            let folder = dir.join("data").join(folder);
            if folder.is_dir() {
                write(&folder.join("testdata.yaml"), yaml)?;
            }
        }
    }
    write(&dir.join("LEFT-OUT.md"), &left_out_note(meta, &left_out))?;
    let zip = if zip {
        let file = out.join(format!("{}.zip", meta.folder));
        archive::zip_folder(&dir, &file)?;
        Some(file)
    } else {
        None
    };
    Ok(Exported {
        dir,
        tests: placed.len(),
        left_out,
        zip,
    })
}

/// The package's note on the archive's files it does not hold.
fn left_out_note(meta: &Meta, left_out: &[LeftOut]) -> String {
    let mut note = format!(
        "# {}: test files of the archive left out\n\n\
         The archive's parsers accept extra spaces, tabs and CRLF on purpose; a judge's \
         input follows the statement exactly, so every file the input validator refuses \
         stays out of this package.\n\n",
        meta.name
    );
    if left_out.is_empty() {
        note.push_str("None: every file follows the format.\n");
    }
    for left in left_out {
        let _ = writeln!(note, "- `{}`: {}", left.name, left.reason);
    }
    note
}

/// Copies every file under `from` into `to`, keeping the layout.
fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    let entries = std::fs::read_dir(from).with_context(|| format!("reading {}", from.display()))?;
    for entry in entries {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            copy(&entry.path(), &target)?;
        }
    }
    Ok(())
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .map(drop)
        .with_context(|| format!("copying {} to {}", from.display(), to.display()))
}

fn write(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}
