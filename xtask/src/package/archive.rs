//! `<folder>.zip` for DOMjudge's problem import: the package's files at the top level of
//! the archive, in a stable order, with the files given for DOMjudge alone added or put in
//! place of the folder's (its HTML statement, gam's flags without the ones it warns about).

use std::collections::BTreeMap;
use std::io::Write as _;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use anyhow::{Context, Result};
use zip::write::SimpleFileOptions;

/// Writes every file under `dir` into the zip archive `file`, paths relative to `dir`;
/// each of `changes` (a `/`-separated path and its text) is added, or replaces the
/// folder's file of that path.
///
/// # Errors
/// A file cannot be read or the archive cannot be written.
pub fn zip_folder(dir: &Path, file: &Path, changes: &[(String, String)]) -> Result<()> {
    let mut files = Vec::new();
    collect(dir, dir, &mut files)?;
    let mut contents: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    for relative in files {
        let bytes = std::fs::read(dir.join(&relative))
            .with_context(|| format!("reading {}", dir.join(&relative).display()))?;
        contents.insert(relative, bytes);
    }
    for (path, text) in changes {
        contents.insert(path.clone(), text.as_bytes().to_vec());
    }
    // Never through a link planted where the archive goes (`O_NOFOLLOW`).
    let out = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(file)
        .with_context(|| format!("creating {} (a link there is not followed)", file.display()))?;
    let mut zip = zip::ZipWriter::new(out);
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (relative, bytes) in contents {
        zip.start_file(relative.as_str(), options)?;
        zip.write_all(&bytes)?;
    }
    zip.finish()
        .with_context(|| format!("writing {}", file.display()))?;
    Ok(())
}

/// Every file under `dir`, as `/`-separated paths relative to `base`.
fn collect(base: &Path, dir: &Path, files: &mut Vec<String>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            collect(base, &path, files)?;
        } else {
            let relative = path.strip_prefix(base)?;
            let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
            files.push(parts.join("/"));
        }
    }
    Ok(())
}
