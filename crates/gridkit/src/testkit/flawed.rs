//! Deliberately flawed solvers, and the `main` of each crate's `<crate>_flawed` example
//! that lets a user run one.

use std::io::Read;
use std::process::ExitCode;

use super::ProblemKit;

/// A solver that makes one classic mistake on purpose.
pub struct Flawed<I: 'static> {
    /// Its command-line name, in kebab case (`ring-layers`).
    pub name: &'static str,
    /// The mistake, as a phrase completing "a solver that ...".
    pub mistake: &'static str,
    /// Its output for an input, in the problem's output format.
    pub solve: fn(&I) -> String,
}

impl<I> std::fmt::Debug for Flawed<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Flawed")
            .field("name", &self.name)
            .field("mistake", &self.mistake)
            .finish()
    }
}

/// The flawed solver of `K` named `name`.
pub fn find<K: ProblemKit>(name: &str) -> Option<&'static Flawed<K::Input>> {
    K::FLAWED.iter().find(|flawed| flawed.name == name)
}

/// The whole `main` of a `<crate>_flawed` example: `--list` names the flawed solvers,
/// `NAME` runs one on stdin like the real binary would.
pub fn flawed_main<K: ProblemKit>() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let list = || {
        K::FLAWED
            .iter()
            .map(|flawed| format!("  {:<28} a solver that {}", flawed.name, flawed.mistake))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let name = match args.as_slice() {
        [flag] if flag == "--list" => {
            println!("{}", list());
            return ExitCode::SUCCESS;
        }
        [name] => name,
        _ => {
            eprintln!(
                "usage: {0}_flawed NAME < INPUT   (or --list)\nflawed solvers of {0}:\n{1}",
                K::NAME,
                list()
            );
            return ExitCode::from(2);
        }
    };
    let Some(flawed) = find::<K>(name) else {
        eprintln!(
            "no flawed solver '{name}' in {}; there are:\n{}",
            K::NAME,
            list()
        );
        return ExitCode::from(2);
    };
    let mut text = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("error: reading stdin: {error}");
        return ExitCode::FAILURE;
    }
    match K::parse(&text) {
        Ok(input) => {
            print!("{}", (flawed.solve)(&input));
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
