//! `cargo xtask package [CRATE..] [--format legacy|2025-09] [--out DIR] [--zip]`: exports
//! each problem as a Kattis problem package, in the legacy format (the default: what
//! problemtools' `verifyproblem` checks, Kattis installs and DOMjudge imports in full) or
//! in the 2025-09 format (what BAPCtools checks and develops with).
//!
//! This module folder owns the exporter. A package is the problem's hand-written assets
//! from `packages/<crate>/` (statement, input and answer validators, the accepted source
//! with its marked variants: [`submissions`]), `problem.yaml` written from
//! [`meta::packages`] ([`meta`]), the statement's limits and DOMjudge's HTML statement
//! ([`statement`]), and the `testdata/` files that follow the statement's format exactly
//! as `data/sample` and `data/secret` (gam: 15 scoring groups and a 0-point group), with
//! `.ans` for `.out` ([`data`]). The files left out are printed and listed in the
//! package's `LEFT-OUT.md`. `--zip` adds the archive DOMjudge imports ([`archive`]).

pub mod archive;
pub mod data;
pub mod meta;
pub mod statement;
pub mod submissions;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::{build, project_root};
use data::LeftOut;
use meta::Meta;

/// A problem package format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Kattis legacy: `problem_statement/`, `.timelimit`, `testdata.yaml` with grader
    /// flags. problemtools checks it; Kattis and DOMjudge (8.3 on) import it.
    #[default]
    Legacy,
    /// Kattis 2025-09: `statement/`, limits (time too) in `problem.yaml`,
    /// `test_group.yaml`, `submissions.yaml`, answer validators. BAPCtools checks it;
    /// problemtools 1.20260907 does not read it yet.
    #[value(name = "2025-09")]
    V2025_09,
}

impl Format {
    /// The name used on the command line and in default folder names.
    pub fn name(self) -> &'static str {
        match self {
            Format::Legacy => "legacy",
            Format::V2025_09 => "2025-09",
        }
    }

    fn statement_dir(self) -> &'static str {
        match self {
            Format::Legacy => "problem_statement",
            Format::V2025_09 => "statement",
        }
    }
}

/// Export problems as Kattis problem packages (legacy or 2025-09 format).
#[derive(Debug, Default, clap::Args)]
pub struct Package {
    /// Crates to export (all when none is named).
    pub crates: Vec<String>,
    /// legacy: problemtools, Kattis, DOMjudge; 2025-09: BAPCtools.
    #[arg(long, value_enum, default_value_t = Format::Legacy)]
    pub format: Format,
    /// Where the package folders go (default: `<target>/packages`, or
    /// `<target>/packages-2025-09`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Also write `<name>.zip` beside each package, ready for DOMjudge's import.
    #[arg(long)]
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
    /// An unknown crate, an unreadable or malformed asset, a validator that does not
    /// compile, or a folder that cannot be written.
    pub fn run(&self) -> Result<Vec<Exported>> {
        let root = project_root();
        let out = match &self.out {
            Some(out) => out.clone(),
            None => {
                let name = match self.format {
                    Format::Legacy => "packages".to_owned(),
                    other => format!("packages-{}", other.name()),
                };
                build::target_dir(&root)?.join(name)
            }
        };
        if let Some(reason) = crate::sandbox::exposed(&out) {
            bail!(
                "refusing to write the packages in {}: {reason}",
                out.display()
            );
        }
        let metas: Vec<Meta> = if self.crates.is_empty() {
            meta::packages()
        } else {
            self.crates
                .iter()
                .map(|name| {
                    meta::find(name).with_context(|| {
                        format!(
                            "no problem named {name:?} (known: {})",
                            problems::PROBLEMS
                                .iter()
                                .map(|problem| problem.name())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    })
                })
                .collect::<Result<_>>()?
        };
        let validator_cache = build::target_dir(&root)?.join("validators");
        let mut exported = Vec::new();
        for meta in &metas {
            let package = export(&root, meta, self.format, &out, &validator_cache, self.zip)?;
            println!(
                "{}: {} tests in {} ({})",
                meta.crate_name,
                package.tests,
                package.dir.display(),
                self.format.name()
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

/// Writes the package of `meta` in `format` to `out/<folder>` (replacing an older one),
/// with its input validator compiled in (or found in) the folder `validator_cache`.
///
/// # Errors
/// As [`Package::run`].
pub fn export(
    root: &Path,
    meta: &Meta,
    format: Format,
    out: &Path,
    validator_cache: &Path,
    zip: bool,
) -> Result<Exported> {
    let dir = out.join(&meta.folder);
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
    let tex_source = assets.join("problem_statement/problem.en.tex");
    let tex = std::fs::read_to_string(&tex_source)
        .with_context(|| format!("reading {}", tex_source.display()))?;
    write(
        &dir.join(format.statement_dir()).join("problem.en.tex"),
        &format!("{tex}{}", statement::limits_tex(meta)),
    )?;
    // Each validator is a folder, compiled as one program: its own rules, and the strict
    // reading all of them share, kept once in packages/common/.
    let mut validators = vec!["input_validators"];
    if format == Format::V2025_09 {
        // BAPCtools' checks of the .ans files (not part of the specification, which
        // leaves them to the output validator).
        validators.push("answer_validators");
    }
    for kind in validators {
        let to = dir.join(kind).join("validate");
        copy_tree(&assets.join(kind).join("validate"), &to)?;
        copy(
            &root.join("packages/common/strict_input.h"),
            &to.join("strict_input.h"),
        )?;
    }
    let written = write_submissions(&assets.join("submissions"), &dir.join("submissions"), meta)?;
    match format {
        Format::Legacy => {
            write(&dir.join("problem.yaml"), &meta.problem_yaml())?;
            write(
                &dir.join(".timelimit"),
                &format!("{}\n", meta.time_limit_secs),
            )?;
        }
        Format::V2025_09 => {
            write(&dir.join("problem.yaml"), &meta.problem_yaml_2025())?;
            if meta.scoring {
                write(
                    &dir.join("submissions/submissions.yaml"),
                    &submissions_yaml(&written),
                )?;
            }
        }
    }

    let validator = data::compile_validator(
        &dir.join("input_validators/validate/validate.cpp"),
        validator_cache,
    )?;
    let (placed, left_out) = data::place(
        &root.join("testdata").join(meta.crate_name),
        &validator,
        meta.scoring,
    )?;
    let mut samples = Vec::new();
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
        if test.folder == "sample" {
            samples.push((read(&test.pair.input)?, read(&test.pair.expected)?));
        }
    }
    match format {
        Format::Legacy if meta.scoring => {
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
        Format::Legacy => {}
        Format::V2025_09 => {
            for (folder, yaml) in data::test_group_files(&meta.validator_args_yaml(), meta.scoring)
            {
                let folder = dir.join("data").join(folder);
                if !folder.is_dir() {
                    bail!("{}: a configured test folder is empty", folder.display());
                }
                write(&folder.join("test_group.yaml"), &yaml)?;
            }
        }
    }
    write(&dir.join("LEFT-OUT.md"), &left_out_note(meta, &left_out))?;
    let zip = if zip {
        let file = out.join(format!("{}.zip", meta.folder));
        let html = statement::html(meta, &tex, &samples)
            .with_context(|| format!("converting {}", tex_source.display()))?;
        let mut changes = vec![("problem.html".to_owned(), html)];
        if format == Format::Legacy && meta.scoring {
            changes.push((
                "data/secret/testdata.yaml".to_owned(),
                data::GAM_SECRET_YAML_DOMJUDGE.to_owned(),
            ));
        }
        archive::zip_folder(&dir, &file, &changes)?;
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

/// Writes every submission under `from` (a verdict folder each) into `to`: each accepted
/// source with its variants expanded, any other file as it is. Returns what was written.
fn write_submissions(from: &Path, to: &Path, meta: &Meta) -> Result<Vec<submissions::Submission>> {
    let mut written = Vec::new();
    for folder in sorted_entries(from)? {
        let name = file_name(&folder);
        if !submissions::VERDICT_FOLDERS.contains(&name.as_str()) {
            bail!(
                "{}: a submission folder must be one of {}",
                folder.display(),
                submissions::VERDICT_FOLDERS.join(", ")
            );
        }
        for file in sorted_entries(&folder)? {
            let path = format!("{name}/{}", file_name(&file));
            if name == "accepted" {
                written.extend(submissions::expand_file(&file, &path)?);
            } else {
                let text = read(&file)?;
                let score = submissions::expected_score(&text)
                    .with_context(|| format!("in {}", file.display()))?;
                written.push(submissions::Submission { path, text, score });
            }
        }
    }
    for submission in &written {
        let partial = submission.path.starts_with("partially_accepted/");
        if meta.scoring && partial && submission.score.is_none() {
            bail!(
                "{} of {} states no @EXPECTED_SCORE@ (DOMjudge needs it for a partial score)",
                submission.path,
                meta.crate_name
            );
        }
        let target = to.join(&submission.path);
        if target.exists() {
            bail!("two submissions are written to {}", target.display());
        }
        write(&target, &submission.text)?;
    }
    Ok(written)
}

/// `submissions/submissions.yaml` of a scoring problem: the score each submission must
/// get (accepted ones the full 100).
fn submissions_yaml(written: &[submissions::Submission]) -> String {
    let mut yaml = String::new();
    for submission in written {
        let score = match submission.score {
            Some(score) => score,
            None if submission.path.starts_with("accepted/") => 100,
            None => continue,
        };
        let _ = writeln!(yaml, "{}:\n  score: {score}", submission.path);
    }
    yaml
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

fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut entries = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<std::io::Result<Vec<_>>>()
        .with_context(|| format!("reading {}", dir.display()))?;
    entries.sort();
    Ok(entries)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Copies every file under `from` into `to`, keeping the layout.
fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    for entry in sorted_entries(from)? {
        let target = to.join(file_name(&entry));
        if entry.is_dir() {
            copy_tree(&entry, &target)?;
        } else {
            copy(&entry, &target)?;
        }
    }
    Ok(())
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .map(drop)
        .with_context(|| format!("copying {} to {}", from.display(), to.display()))
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// Writes `text` to `path`, creating its folder.
fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating {}", parent.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}
