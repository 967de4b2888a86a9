//! `cargo xtask web --serve`: the site's folder served on 127.0.0.1 for trying it locally
//! (browsers load a module worker and its `.wasm` only over HTTP, not from `file://`).
//!
//! A deliberately small HTTP/1.0-style server on `std::net`: `GET` and `HEAD` of files
//! inside the folder, one thread per connection, each answer closing its connection.
//! Nothing outside the folder is served: a path with `..`, a backslash or a percent
//! escape is refused, and the file found must still lie inside the folder once links are
//! resolved.

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// The port tried first; another free one is taken when it is busy.
pub const PREFERRED_PORT: u16 = 8000;

/// A listening server for one folder.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    dir: PathBuf,
}

impl Server {
    /// Listens on 127.0.0.1, on [`PREFERRED_PORT`] or, when that is taken, a free port.
    ///
    /// # Errors
    /// The folder does not exist, or no port can be bound.
    pub fn bind(dir: &Path) -> Result<Self> {
        let dir = dir
            .canonicalize()
            .with_context(|| format!("reading {}", dir.display()))?;
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, PREFERRED_PORT))
            .or_else(|_| TcpListener::bind((Ipv4Addr::LOCALHOST, 0)))
            .context("listening on 127.0.0.1")?;
        Ok(Server { listener, dir })
    }

    /// Where it listens.
    ///
    /// # Errors
    /// The socket has no local address.
    pub fn address(&self) -> Result<SocketAddr> {
        self.listener
            .local_addr()
            .context("reading the local address")
    }

    /// Prints the URL and answers requests until the process is interrupted.
    ///
    /// # Errors
    /// The socket fails.
    pub fn serve_forever(self) -> Result<()> {
        println!(
            "web: serving {} at http://{}/ (Ctrl-C stops)",
            self.dir.display(),
            self.address()?
        );
        loop {
            self.answer_next()?;
        }
    }

    /// Accepts the next connection and answers it on a thread of its own.
    ///
    /// # Errors
    /// The socket fails.
    pub fn answer_next(&self) -> Result<()> {
        let (stream, _) = self.listener.accept().context("accepting a connection")?;
        let dir = self.dir.clone();
        std::thread::spawn(move || {
            // A client that goes away mid-answer is its own business.
            let _ = answer(stream, &dir);
        });
        Ok(())
    }
}

/// Reads one request from `stream` and answers it from `dir`.
///
/// # Errors
/// The connection fails.
pub fn answer(mut stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // The headers are read and ignored: nothing here depends on them.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    if method != "GET" && method != "HEAD" {
        return respond(
            &mut stream,
            "405 Method Not Allowed",
            "text/plain",
            b"GET only\n",
            true,
        );
    }
    let Some(path) = resolve(dir, target) else {
        return respond(
            &mut stream,
            "404 Not Found",
            "text/plain",
            b"not found\n",
            true,
        );
    };
    match std::fs::read(&path) {
        Ok(body) => respond(
            &mut stream,
            "200 OK",
            content_type(&path),
            &body,
            method == "GET",
        ),
        Err(_) => respond(
            &mut stream,
            "404 Not Found",
            "text/plain",
            b"not found\n",
            true,
        ),
    }
}

fn respond(
    stream: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &[u8],
    with_body: bool,
) -> std::io::Result<()> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if with_body {
        stream.write_all(body)?;
    }
    stream.flush()
}

/// The file inside `dir` that the request target names (`/` is `index.html`), or `None`
/// when the target could reach outside it or names no file.
pub fn resolve(dir: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next()?;
    let relative = path.strip_prefix('/')?;
    if relative
        .split('/')
        .any(|part| part == ".." || part == "." || part.contains(['\\', '%', '\0']))
    {
        return None;
    }
    let relative = if relative.is_empty() || relative.ends_with('/') {
        format!("{relative}index.html")
    } else {
        relative.to_owned()
    };
    let found = dir.join(relative).canonicalize().ok()?;
    (found.starts_with(dir) && found.is_file()).then_some(found)
}

/// The media type of the site's files; browsers insist on it for modules and `.wasm`.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|ext| ext.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        // Pyodide's modules end in `.mjs`.
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_inside_the_folder_are_found() {
        let site = tempfile::tempdir().unwrap();
        let dir = site.path().canonicalize().unwrap();
        std::fs::write(dir.join("index.html"), "<p>hi</p>").unwrap();
        std::fs::create_dir(dir.join("pkg")).unwrap();
        std::fs::write(dir.join("pkg/a.wasm"), "x").unwrap();
        assert_eq!(resolve(&dir, "/"), Some(dir.join("index.html")));
        assert_eq!(
            resolve(&dir, "/index.html?x=1"),
            Some(dir.join("index.html"))
        );
        assert_eq!(resolve(&dir, "/pkg/a.wasm"), Some(dir.join("pkg/a.wasm")));
        for outside in [
            "/../secret",
            "/pkg/../index.html",
            "/%2e%2e/secret",
            "/pkg\\..\\x",
            "index.html",
            "/missing.html",
            "/pkg",
        ] {
            assert_eq!(resolve(&dir, outside), None, "{outside}");
        }
        // A link out of the folder is not followed.
        std::os::unix::fs::symlink("/etc/hostname", dir.join("link")).unwrap();
        assert_eq!(resolve(&dir, "/link"), None);
    }

    #[test]
    fn modules_and_wasm_get_the_types_browsers_require() {
        assert_eq!(
            content_type(Path::new("a/worker.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type(Path::new("pkg/x.wasm")), "application/wasm");
    }
}
