//! Every `cargo xtask` command the README and the book (`docs/*.md`) show in their ```sh
//! blocks runs, and ends as the text says it ends.
//!
//! The rule, so that an example added to the README is covered the day it is written:
//!
//! - Each line of a ```sh block that starts with `cargo xtask` is an example. A trailing
//!   `# comment` is dropped, the rest is split as a shell splits it, and `cargo xtask ARGS`
//!   runs as the built binary with `ARGS`, its current folder a fresh temporary folder.
//! - The example's crate is its first argument naming a problem.
//! - The files an example names are made in that folder, for its crate, by their role:
//!   - `--solution mine.cpp`: the crate's accepted C++ submission
//!     (`packages/<crate>/submissions/accepted/`);
//!   - `--solution ./a.out`: that submission compiled as the README's table compiles C++;
//!   - a word of `--solution` naming a file of `xtask/tests/solutions/` (`statues.py`): a copy;
//!   - `--data DIR`: `DIR` holds a copy of `testdata/<crate>/`;
//!   - `--out DIR`: nothing; `DIR` must be relative, so that the output stays in the folder.
//!
//!   Any other file an example names (a word holding a `/` or ending in a file extension)
//!   fails the test, naming the example and the file: teach [`provide`] to make it.
//! - Every example exits 0, except those in [`ENDINGS`], whose README text says they end
//!   otherwise, and each runs as written, except those in [`FAST_VARIANTS`]; each entry of
//!   either list gives its reason, and an entry naming no example of the README fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use problems::PROBLEMS;

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

/// An example that ends otherwise than with exit 0: how, checked on its output, and why.
struct Ending {
    example: &'static str,
    check: fn(&Output) -> Result<(), String>,
    why: &'static str,
}

const ENDINGS: &[Ending] = &[
    Ending {
        example: "cargo xtask stress ladders --flawed forced-climb",
        check: fails_and_is_shrunk,
        why: "the README runs a flawed solver to watch it fail and be shrunk; stress \
              exits 1 on a failure",
    },
    Ending {
        example: "cargo xtask bench gam",
        check: meets_or_misses_only_speed,
        why: "bench exits non-zero when a target is missed, and a speed-up measured on a \
              machine busy with other work may miss it: a missed speed-up is the only \
              failure allowed",
    },
    Ending {
        example: "cargo xtask bench sweets",
        check: meets_or_misses_only_speed,
        why: "as bench gam: a speed-up measured on a busy machine may miss its target",
    },
];

/// An example run in a faster form: the command run instead, and why.
struct FastVariant {
    example: &'static str,
    runs: &'static str,
    why: &'static str,
}

const FAST_VARIANTS: &[FastVariant] = &[
    FastVariant {
        example: "cargo xtask stress statues --solution mine.cpp",
        runs: "cargo xtask stress statues --solution mine.cpp --cases 300",
        why: "mine.cpp is the accepted submission, so stress spends its whole default budget \
              of 10 s without a failure; 300 cases end the same way, with the same closing \
              line",
    },
    FastVariant {
        example: "cargo xtask stress ladders --solution mine.cpp",
        runs: "cargo xtask stress ladders --solution mine.cpp --cases 300",
        why: "as stress statues: an accepted submission spends the whole 10 s default budget",
    },
    FastVariant {
        example: "cargo xtask stress gam --solution ./a.out --seed 7 --cases 5000 --out failures/",
        runs: "cargo xtask stress gam --solution ./a.out --seed 7 --cases 300 --out failures/",
        why: "5000 cases reach gam's largest boards (300 x 300) from case 1000 on: about \
              130 s on 2 cores, and the book promises no duration",
    },
    FastVariant {
        example: "cargo xtask test",
        runs: "cargo xtask test --check",
        why: "the test command runs this very suite; its own part, checking that every \
              program the tests run is installed, runs alone",
    },
    FastVariant {
        example: "cargo xtask web --serve",
        runs: "cargo xtask web --out site",
        why: "--serve serves the site until Ctrl-C; this runs the same build into a folder, \
              and the site's test (web) starts the server and stops it",
    },
    FastVariant {
        example: "cargo xtask bench gam",
        runs: "cargo xtask bench gam --runs 1 --profile release",
        why: "five runs of each program on each of gam's largest boards took 290 s of a \
              loaded machine; one run measures the same table, and the release build the \
              tests share spares them a build with fat LTO",
    },
    FastVariant {
        example: "cargo xtask bench sweets",
        runs: "cargo xtask bench sweets --runs 1 --profile release",
        why: "as bench gam: one run per program and file of the shared release build \
              prints the same table",
    },
    FastVariant {
        example: "cargo xtask sandbox-cost --runs 1000 --record",
        runs: "cargo xtask sandbox-cost --runs 20",
        why: "1,000 runs through each of the sandbox's configurations take minutes; 20 run \
              every configuration and print the same table (recorded, 20 runs would \
              write a noisy figure into the book)",
    },
    FastVariant {
        example: "cargo xtask sandbox-cost --runs 2000",
        runs: "cargo xtask sandbox-cost --runs 20",
        why: "as --runs 1000: 20 runs print the same table, the filters' comparison \
              included",
    },
];

/// The README and every chapter of the book, as one text.
fn readme() -> String {
    crate::support::readme_and_book()
        .iter()
        .map(|page| std::fs::read_to_string(page).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `cargo xtask` lines of the ```sh blocks of `markdown`, comments dropped.
fn examples(markdown: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut block: Option<&str> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        if let Some(language) = trimmed.strip_prefix("```") {
            block = match block {
                None => Some(language.trim()),
                Some(_) => None,
            };
            continue;
        }
        let example = without_comment(trimmed).to_owned();
        if block == Some("sh") && trimmed.starts_with("cargo xtask") && !found.contains(&example) {
            found.push(example);
        }
    }
    found
}

/// `line` without a trailing `# comment`: a `#` starting a word outside quotes.
fn without_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match quote {
            Some(open) if c == open => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '#' && previous.is_whitespace() => return line[..at].trim_end(),
            None => {}
        }
        previous = c;
    }
    line.trim_end()
}

/// An example ready to run: its arguments, with its files made in `folder`.
fn prepare(example: &str, folder: &Path) -> Result<Vec<String>, String> {
    let words = shell_words::split(example).map_err(|error| error.to_string())?;
    let Some(args) = words.strip_prefix(&["cargo".to_owned(), "xtask".to_owned()]) else {
        return Err("it does not start with `cargo xtask`".to_owned());
    };
    // `--option=value` is `--option value`.
    let args: Vec<String> = args
        .iter()
        .flat_map(|arg| match arg.split_once('=') {
            Some((option, value)) if option.starts_with("--") => {
                vec![option.to_owned(), value.to_owned()]
            }
            _ => vec![arg.clone()],
        })
        .collect();
    let crate_name = args
        .iter()
        .find(|arg| PROBLEMS.iter().any(|problem| problem.name() == *arg))
        .map(String::as_str);
    let mut role = None;
    for arg in &args {
        match role.take() {
            Some("--solution") => {
                let spec = shell_words::split(arg).map_err(|error| error.to_string())?;
                for (index, word) in spec.iter().enumerate() {
                    let on_path = index == 0 && spec.len() > 1 && !word.contains('/');
                    if !on_path && !word.starts_with('-') && names_a_file(word) {
                        provide(word, crate_name, folder)?;
                    }
                }
            }
            Some("--data") => copy_testdata(arg, crate_name, folder)?,
            Some("--out") if Path::new(arg).is_absolute() => {
                return Err(format!("--out {arg} writes outside the test's folder"));
            }
            Some(_) => {}
            None if arg.starts_with("--") => role = file_option(arg),
            None if names_a_file(arg) => {
                return Err(format!("the test does not know the file `{arg}`"));
            }
            None => {}
        }
    }
    Ok(args)
}

/// The options whose value is a file the rule knows; any other option's value is checked
/// as any other word.
fn file_option(option: &str) -> Option<&'static str> {
    ["--solution", "--data", "--out"]
        .into_iter()
        .find(|known| *known == option)
}

/// A word that names a file or folder: holding a `/`, or ending in an extension (`.py`,
/// not the `.5` of a number).
fn names_a_file(word: &str) -> bool {
    let extension = Path::new(word).extension().and_then(|e| e.to_str());
    word.contains('/')
        || extension.is_some_and(|e| {
            e.len() <= 4
                && e.starts_with(|c: char| c.is_ascii_alphabetic())
                && e.chars().all(|c| c.is_ascii_alphanumeric())
        })
}

/// Makes the solution file `name` in `folder`, for `crate_name`.
fn provide(name: &str, crate_name: Option<&str>, folder: &Path) -> Result<(), String> {
    let fixture = xtask::project_root()
        .join("xtask/tests/solutions")
        .join(name);
    let made = folder.join(name);
    match name {
        "mine.cpp" => {
            let source = accepted_cpp(crate_name, name)?;
            std::fs::copy(source, made).map_err(|error| error.to_string())?;
        }
        "./a.out" => {
            let source = accepted_cpp(crate_name, name)?;
            let compiled = Command::new("g++")
                .args(["-std=c++17", "-O2", "-o"])
                .arg(&made)
                .arg(&source)
                .output()
                .map_err(|error| format!("g++: {error}"))?;
            if !compiled.status.success() {
                return Err(format!(
                    "g++ {}: {}",
                    source.display(),
                    String::from_utf8_lossy(&compiled.stderr)
                ));
            }
        }
        _ if !name.contains('/') && fixture.is_file() => {
            std::fs::copy(fixture, made).map_err(|error| error.to_string())?;
        }
        _ => return Err(format!("the test does not know the file `{name}`")),
    }
    Ok(())
}

/// The crate's accepted C++ submission, the one file of its `accepted` folder ending `.cpp`.
fn accepted_cpp(crate_name: Option<&str>, name: &str) -> Result<PathBuf, String> {
    let crate_name =
        crate_name.ok_or_else(|| format!("`{name}` is made for a crate, and none is named"))?;
    let folder = xtask::project_root()
        .join("packages")
        .join(crate_name)
        .join("submissions/accepted");
    let sources: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map_err(|error| format!("{}: {error}", folder.display()))?
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "cpp"))
        .collect();
    match sources.as_slice() {
        [source] => Ok(source.clone()),
        _ => Err(format!(
            "`{name}` is the one .cpp of {}, which holds {}",
            folder.display(),
            sources.len()
        )),
    }
}

/// `--data DIR`: a copy of the crate's test data in `folder/DIR`.
fn copy_testdata(dir: &str, crate_name: Option<&str>, folder: &Path) -> Result<(), String> {
    let crate_name =
        crate_name.ok_or_else(|| format!("--data {dir} is made for a crate, and none is named"))?;
    if Path::new(dir).is_absolute() {
        return Err(format!("--data {dir} is outside the test's folder"));
    }
    let target = folder.join(dir);
    std::fs::create_dir_all(&target).map_err(|error| error.to_string())?;
    let testdata = xtask::project_root().join("testdata").join(crate_name);
    for entry in std::fs::read_dir(&testdata).map_err(|error| error.to_string())? {
        let path = entry.map_err(|error| error.to_string())?.path();
        if path.is_file() {
            std::fs::copy(&path, target.join(path.file_name().unwrap()))
                .map_err(|error| error.to_string())?;
        }
    }
    Ok(())
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The last lines of `text`, for a failure's message.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

fn exited_with(output: &Output, code: i32) -> Result<(), String> {
    match output.status.code() {
        Some(actual) if actual == code => Ok(()),
        _ => Err(format!("ended with {}, not exit {code}", output.status)),
    }
}

/// Stress found the failure and shrank it.
fn fails_and_is_shrunk(output: &Output) -> Result<(), String> {
    exited_with(output, 1)?;
    let said = text(output);
    if said.contains("stress: case ") && said.contains(" failed (") && said.contains("shrunk in") {
        Ok(())
    } else {
        Err("no shrunk failure reported".to_owned())
    }
}

/// Bench met its targets, or missed only speed-ups.
fn meets_or_misses_only_speed(output: &Output) -> Result<(), String> {
    // The report alone: cargo's build messages on stderr are indented too.
    let said = String::from_utf8_lossy(&output.stdout);
    if output.status.success() {
        return Ok(());
    }
    exited_with(output, 1)?;
    let missed: Vec<&str> = said
        .lines()
        .skip_while(|line| !line.starts_with("targets missed"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .collect();
    if !missed.is_empty() && missed.iter().all(|line| line.contains("speed-up")) {
        Ok(())
    } else {
        Err("it failed otherwise than by a missed speed-up".to_owned())
    }
}

/// Runs `example` as the rule says; returns what went wrong.
fn run(example: &str) -> Result<(), String> {
    let variant = FAST_VARIANTS.iter().find(|fast| fast.example == example);
    let command = variant.map_or(example, |fast| fast.runs);
    let folder = tempfile::tempdir().map_err(|error| error.to_string())?;
    let args = prepare(command, folder.path())?;
    let output = Command::new(XTASK)
        .args(&args)
        .current_dir(folder.path())
        .output()
        .map_err(|error| error.to_string())?;
    let ending = ENDINGS.iter().find(|ending| ending.example == example);
    let checked = match ending {
        Some(ending) => (ending.check)(&output),
        None => exited_with(&output, 0),
    };
    checked.map_err(|problem| format!("{problem}\n{}", tail(&text(&output))))
}

#[test]
fn every_cargo_xtask_example_of_the_readme_runs_and_ends_as_the_readme_says() {
    let examples = examples(&readme());
    assert!(examples.len() >= 10, "{examples:#?}");
    let mut failures = Vec::new();
    let all = Instant::now();
    for example in &examples {
        let started = Instant::now();
        let result = run(example);
        let variant = FAST_VARIANTS.iter().find(|fast| fast.example == *example);
        let run_as = variant.map_or(String::new(), |fast| format!("  (run as `{}`)", fast.runs));
        eprintln!(
            "{:>7.1} s  {example}{run_as}",
            started.elapsed().as_secs_f64()
        );
        if let Err(problem) = result {
            failures.push(format!("README example `{example}`: {problem}"));
        }
    }
    eprintln!(
        "{:>7.1} s  {} examples",
        all.elapsed().as_secs_f64(),
        examples.len()
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

#[test]
fn every_exception_names_an_example_of_the_readme_and_says_why() {
    let examples = examples(&readme());
    let exceptions = ENDINGS
        .iter()
        .map(|ending| (ending.example, ending.why))
        .chain(FAST_VARIANTS.iter().map(|fast| (fast.example, fast.why)));
    for (example, why) in exceptions {
        assert!(
            examples.iter().any(|found| found == example),
            "`{example}` is no longer an example of the README: {examples:#?}"
        );
        assert!(why.len() > 20, "{example}: {why}");
    }
}

#[test]
fn examples_are_the_cargo_xtask_lines_of_sh_blocks_without_their_comments() {
    let markdown = "```sh\ncargo xtask verify a  # all of it\n  cargo xtask gen b\n\
                    cargo test\n```\n\ncargo xtask outside\n```\ncargo xtask text block\n```\n\
                    ```sh\ncargo xtask verify --solution 'echo # not a comment' # one\n```\n";
    assert_eq!(
        examples(markdown),
        [
            "cargo xtask verify a",
            "cargo xtask gen b",
            "cargo xtask verify --solution 'echo # not a comment'",
        ]
    );
}

/// An example naming a file the rule does not make fails, naming the example and the file.
#[test]
fn an_example_naming_an_unknown_file_is_refused_by_name() {
    let folder = tempfile::tempdir().unwrap();
    for (example, file) in [
        (
            "cargo xtask verify statues --solution theirs.cpp",
            "theirs.cpp",
        ),
        (
            "cargo xtask verify gam --solution 'python3 other.py'",
            "other.py",
        ),
        ("cargo xtask verify gam --solution ./b.out", "./b.out"),
        ("cargo xtask verify gam input/sample.in", "input/sample.in"),
    ] {
        let said = prepare(example, folder.path()).unwrap_err();
        assert!(said.contains(&format!("`{file}`")), "{example}: {said}");
    }
    let said = prepare("cargo xtask verify --solution mine.cpp", folder.path()).unwrap_err();
    assert!(said.contains("none is named"), "{said}");
    let said = prepare("cargo xtask package --out /tmp/elsewhere", folder.path()).unwrap_err();
    assert!(said.contains("outside"), "{said}");
    // What the rule knows is made.
    let args = prepare(
        "cargo xtask verify ladders --solution ./a.out --data my-tests/",
        folder.path(),
    )
    .unwrap();
    assert_eq!(
        args,
        [
            "verify",
            "ladders",
            "--solution",
            "./a.out",
            "--data",
            "my-tests/"
        ]
    );
    assert!(folder.path().join("a.out").is_file());
    let args = prepare(
        "cargo xtask stress gam --solution mine.cpp --time 0.5 --jobs 1",
        folder.path(),
    )
    .unwrap();
    assert_eq!(args.len(), 8, "{args:?}");
    assert!(folder.path().join("mine.cpp").is_file());
    assert!(folder.path().join("my-tests/sample1.in").is_file());
}
