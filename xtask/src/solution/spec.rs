//! How `--solution SOL` is read, before anything is looked up or run: split into words as
//! a shell would split it, one word with a source extension is a source file, and anything
//! else is a command line. A command line's last word may well be a source file
//! (`python3 gam.py`, `node sol.js`): that makes it an argument, never the solution.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use super::source::{self, Language};

/// What a `--solution` spec names.
#[derive(Debug, PartialEq, Eq)]
pub enum Spec {
    /// One word naming a file with a source extension; it may not exist.
    Source { path: PathBuf, language: Language },
    /// A program and its arguments, as the shell would have split them.
    Command { program: String, args: Vec<String> },
}

/// Reads `spec`.
///
/// # Errors
/// The spec is empty, or cannot be split (an unclosed quote).
pub fn read(spec: &str) -> Result<Spec> {
    let words = shell_words::split(spec)
        .with_context(|| format!("cannot split the command line `{spec}`"))?;
    let Some((program, args)) = words.split_first() else {
        bail!("--solution is empty");
    };
    if args.is_empty() {
        let path = PathBuf::from(program);
        if let Some(language) = source::language_of(&path) {
            return Ok(Spec::Source { path, language });
        }
    }
    Ok(Spec::Command {
        program: program.clone(),
        args: args.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(program: &str, args: &[&str]) -> Spec {
        Spec::Command {
            program: program.to_owned(),
            args: args.iter().map(|&arg| arg.to_owned()).collect(),
        }
    }

    fn source_file(path: &str) -> Spec {
        let path = PathBuf::from(path);
        let language = source::language_of(&path).unwrap();
        Spec::Source { path, language }
    }

    #[test]
    fn a_command_line_ending_in_a_source_file_is_a_command_line() {
        assert_eq!(
            read("python3 gam.py").unwrap(),
            command("python3", &["gam.py"])
        );
        assert_eq!(read("node sol.js").unwrap(), command("node", &["sol.js"]));
        assert_eq!(
            read("java -cp classes Main.java").unwrap(),
            command("java", &["-cp", "classes", "Main.java"])
        );
        // Two words are a command line even when the whole names a file: quote it.
        assert_eq!(
            read("my dir/sol.cpp").unwrap(),
            command("my", &["dir/sol.cpp"])
        );
    }

    #[test]
    fn one_word_with_a_source_extension_is_a_source_file_whether_or_not_it_exists() {
        assert_eq!(read("mine.cpp").unwrap(), source_file("mine.cpp"));
        assert_eq!(
            read("./no/such/file.rs").unwrap(),
            source_file("./no/such/file.rs")
        );
        assert_eq!(read("  gam.py  ").unwrap(), source_file("gam.py"));
        for path in ["a.cc", "a.c", "Main.java", "a.py", "a.js"] {
            assert_eq!(read(path).unwrap(), source_file(path), "{path}");
        }
    }

    #[test]
    fn a_quoted_path_with_spaces_is_one_word() {
        assert_eq!(
            read("\"my dir/sol.cpp\"").unwrap(),
            source_file("my dir/sol.cpp")
        );
        assert_eq!(
            read("'my dir/sol.cpp'").unwrap(),
            source_file("my dir/sol.cpp")
        );
        assert_eq!(
            read(r"my\ dir/sol.cpp").unwrap(),
            source_file("my dir/sol.cpp")
        );
        assert_eq!(
            read("'my dir/a.out' --fast").unwrap(),
            command("my dir/a.out", &["--fast"])
        );
    }

    #[test]
    fn one_word_without_a_source_extension_is_a_command() {
        assert_eq!(read("./a.out").unwrap(), command("./a.out", &[]));
        assert_eq!(read("python3").unwrap(), command("python3", &[]));
        assert_eq!(read("sol.rb").unwrap(), command("sol.rb", &[]));
        assert_eq!(read("./sol").unwrap(), command("./sol", &[]));
    }

    #[test]
    fn an_empty_or_unsplittable_spec_is_refused() {
        for spec in ["", "   "] {
            let said = read(spec).unwrap_err().to_string();
            assert!(said.contains("empty"), "{said}");
        }
        let said = format!("{:#}", read("python3 'unclosed").unwrap_err());
        assert!(said.contains("cannot split"), "{said}");
    }
}
