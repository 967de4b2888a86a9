//! `cargo xtask web [--out DIR] [--serve]`: the browser playground, a static site that runs
//! the archive's own solvers and checkers compiled to WebAssembly (`crates/playground`).
//!
//! This module folder owns the site: building the module and its JavaScript bindings
//! ([`wasm`]), the pages written from the statements, the limits table and the official
//! samples ([`pages`]), the Play section of the games ([`play`]), the page's scripts
//! (stepping through the proof and playing in files of their own), the worker's script
//! and the style sheet (`assets/`), and a static file server for trying it locally
//! ([`serve`]), and the tests the pages judge a learner's program on ([`test_files`]). The site
//! fetches nothing but its own files: no CDN, no network at run time.

pub mod npm;
pub mod pages;
pub mod play;
pub mod serve;
pub mod test_files;
pub mod wasm;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::{build, figures, project_root};
use problems::PROBLEMS;

/// The page's script: the editor, the samples, the results, the worker's lifecycle.
const PLAYGROUND_JS: &str = include_str!("assets/playground.js");
/// The Play section's script, imported by the page's.
const PLAY_JS: &str = include_str!("assets/play.js");
/// The page's stepping through the proof, imported by `playground.js`.
const STEPS_JS: &str = include_str!("assets/steps.js");
/// The Judge section's script, imported by the page's.
const JUDGE_JS: &str = include_str!("assets/judge.js");
/// The judge's own modules (compiling and running a learner's program in workers), copied
/// into the site's `judge/` folder as they are.
const JUDGE_FILES: &[(&str, &str)] = &[
    ("toolchain.js", include_str!("assets/judge/toolchain.js")),
    (
        "compile-worker.js",
        include_str!("assets/judge/compile-worker.js"),
    ),
    ("run-worker.js", include_str!("assets/judge/run-worker.js")),
    (
        "fetch-cache.js",
        include_str!("assets/judge/fetch-cache.js"),
    ),
    (
        "include/bits/stdc++.h",
        include_str!("assets/judge/include/bits/stdc++.h"),
    ),
];
/// The worker's script: loads the module and answers one request at a time.
const WORKER_JS: &str = include_str!("assets/worker.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// The languages the Judge section compiles or runs, as the page's menu lists them: the
/// value `judge/toolchain.js` knows each by, and its name.
pub const JUDGED_LANGUAGES: &[(&str, &str)] = &[
    ("cpp", "C++17"),
    ("c", "C17"),
    ("python", "Python 3"),
    ("javascript", "JavaScript"),
    ("wasm", "WebAssembly (wasm32-wasip1)"),
];

/// Build the browser playground (the solvers compiled to WebAssembly) as a static site.
#[derive(Debug, Default, clap::Args)]
pub struct Web {
    /// Where the site goes (default: `<target>/web`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Then serve it on 127.0.0.1 until Ctrl-C.
    #[arg(long)]
    pub serve: bool,
    /// Write the module's and the toolchains' sizes into the book (docs/figures.txt).
    #[arg(long)]
    pub record: bool,
}

/// A written site.
#[derive(Debug)]
pub struct Site {
    pub dir: PathBuf,
    /// The module the pages' worker loads, inside `dir`.
    pub wasm: PathBuf,
    pub wasm_bytes: u64,
    /// The in-page judge's toolchains copied into `dir/npm`.
    pub toolchains: npm::Shipped,
}

impl Web {
    /// Builds the module, writes the site, prints where, and serves it if asked.
    ///
    /// # Errors
    /// The wasm32 target cannot be added, the bindings' writer pins another version of
    /// wasm-bindgen than the playground, a build fails, a statement cannot be converted, or a
    /// file cannot be written.
    pub fn run(&self) -> Result<Site> {
        let root = project_root();
        let dir = match &self.out {
            Some(out) => out.clone(),
            None => build::target_dir(&root)?.join("web"),
        };
        let site = write_site(&root, &dir)?;
        println!(
            "web: the playground is in {} ({} pages; {} is {} bytes)",
            site.dir.display(),
            PROBLEMS.len() + 1,
            site.wasm
                .strip_prefix(&site.dir)
                .unwrap_or(&site.wasm)
                .display(),
            site.wasm_bytes
        );
        if self.record {
            record(&site)?;
        }
        if self.serve {
            serve::Server::bind(&site.dir)?.serve_forever()?;
        }
        Ok(site)
    }
}

/// Builds the module into `dir/pkg` and writes the pages, scripts and style beside it.
fn write_site(root: &Path, dir: &Path) -> Result<Site> {
    wasm::add_target()?;
    let bindgen = wasm::Bindgen::build(root)?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let module = wasm::build(root)?;
    let wasm = bindgen.generate(&module, &dir.join("pkg"))?;
    write(&dir.join("index.html"), &pages::index())?;
    for &problem in PROBLEMS {
        write(
            &dir.join(pages::file_of(problem)),
            &pages::problem(root, problem)?,
        )?;
        test_files::write(root, dir, problem)?;
    }
    write(&dir.join("playground.js"), PLAYGROUND_JS)?;
    write(&dir.join("play.js"), PLAY_JS)?;
    write(&dir.join("steps.js"), STEPS_JS)?;
    write(&dir.join("worker.js"), WORKER_JS)?;
    write(&dir.join("judge.js"), JUDGE_JS)?;
    for (name, text) in JUDGE_FILES {
        let path = dir.join("judge").join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        write(&path, text)?;
    }
    let toolchains = npm::ship(&build::target_dir(root)?, dir)?;
    write(&dir.join("style.css"), STYLE_CSS)?;
    let wasm_bytes = std::fs::metadata(&wasm)
        .with_context(|| format!("reading {}", wasm.display()))?
        .len();
    Ok(Site {
        dir: dir.to_owned(),
        wasm,
        wasm_bytes,
        toolchains,
    })
}

/// The site's sizes as the book states them: the module as served, plain and gzipped, and
/// each toolchain's first download.
fn record(site: &Site) -> Result<()> {
    let module =
        std::fs::read(&site.wasm).with_context(|| format!("reading {}", site.wasm.display()))?;
    let packed = serve::gzip(&module).context("gzipping the module")?;
    let megabytes = |bytes: u64| format!("{:.1} MB", bytes as f64 / 1e6);
    figures::record(
        "cargo xtask web --record",
        &[
            (
                "module-bytes",
                format!("{} bytes", figures::grouped(site.wasm_bytes)),
            ),
            (
                "module-gzip-bytes",
                format!("{} bytes", figures::grouped(packed.len() as u64)),
            ),
            ("toolchain-clang", megabytes(site.toolchains.clang)),
            ("toolchain-python", megabytes(site.toolchains.python)),
        ],
    )
}

fn write(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}
