//! How long Solve takes natively on each problem's largest `testdata/` input (by size),
//! or on the files named on the command line (`PROBLEM=PATH`): the four modes run one by
//! one, each solving the input again (the engine's old way), against one `solve` that
//! builds one checked certificate for all four, and the proof's frames drawn one by one.
//!
//! `cargo run --release -p playground --example playground_solve_time [PROBLEM=PATH...]`

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use playground::{PROBLEMS, solve};

/// The fastest of `runs` timings of `work`, the least disturbed by other programs.
fn fastest<T>(runs: usize, mut work: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(work());
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The largest `.in` file of `testdata/<problem>`.
fn largest(root: &Path, problem: &str) -> PathBuf {
    std::fs::read_dir(root.join("testdata").join(problem))
        .expect("testdata")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .max_by_key(|path| std::fs::metadata(path).map_or(0, |meta| meta.len()))
        .expect("an input")
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let named: Vec<(String, PathBuf)> = std::env::args()
        .skip(1)
        .filter_map(|arg| {
            let (problem, path) = arg.split_once('=')?;
            Some((problem.to_string(), PathBuf::from(path)))
        })
        .collect();
    let inputs: Vec<(String, PathBuf)> = if named.is_empty() {
        PROBLEMS
            .iter()
            .map(|problem| (problem.name().to_string(), largest(&root, problem.name())))
            .collect()
    } else {
        named
    };
    println!("problem  input  four modes one by one  one solve  frames (each drawn)");
    for (name, path) in inputs {
        let problem = playground::find(&name).expect("a problem's name");
        let input = std::fs::read_to_string(&path).expect("the input");
        let runs = if input.len() > 100_000 { 3 } else { 20 };
        let four = fastest(runs, || {
            (
                problem.answer(&input).unwrap(),
                problem.explanation(&input).unwrap(),
                problem.svg(&input).unwrap(),
                problem.certificate(&input).unwrap(),
            )
        });
        let one = fastest(runs, || solve(&name, &input).unwrap());
        let solved = solve(&name, &input).unwrap();
        let started = Instant::now();
        let bytes: usize = (0..solved.frame_count())
            .map(|index| solved.frame(index).picture.len())
            .sum();
        let frames = started.elapsed();
        println!(
            "{name} {} {:.2?} {:.2?} {} frames in {:.2?} ({:.2?} each, {} KB of SVG each)",
            path.file_name().unwrap().to_string_lossy(),
            four,
            one,
            solved.frame_count(),
            frames,
            frames / solved.frame_count() as u32,
            bytes / solved.frame_count() / 1000
        );
    }
}
