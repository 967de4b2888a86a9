//! `cargo xtask web --serve`: the site's folder served on 127.0.0.1 for trying it locally
//! (browsers load a module worker and its `.wasm` only over HTTP, not from `file://`).
//!
//! A deliberately small HTTP/1.0-style server on `std::net`: `GET` and `HEAD` of files
//! inside the folder, one thread per connection, each answer closing its connection. It
//! holds bounded resources whatever a client sends: at most [`MOST_CONNECTIONS`]
//! connections at once (the next is told `503` at once), a request line or header line of
//! at most [`LONGEST_LINE`] bytes and [`MOST_HEADERS`] of them (past either, `431`), and
//! [`CONNECTION_TIMEOUT`] for each read and write of a connection (a silent one is closed).
//! Nothing outside the folder is served: a path with `..`, a backslash or a percent
//! escape is refused, and the file found must still lie inside the folder once links are
//! resolved.
//!
//! Every answer may be kept by the browser (`Cache-Control: no-cache` with an `ETag`): it
//! asks again before using a kept file, and an unchanged file is answered `304 Not
//! Modified` with no body, so a page's module (the site's largest file, whose name does
//! not change when it is rebuilt) is downloaded once and never used stale. Text and the
//! module are sent gzipped where the request accepts it.
//!
//! The browser tests (`crates/playground-browser`) serve the site with this same server,
//! in their own process ([`Background`]): on a free port, on a thread stopped when
//! dropped, counting the bytes each file's body took, so that what a page downloads is
//! measured where it leaves.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{Context, Result};

/// The longest request line or header line read; a longer one is refused, never held.
pub const LONGEST_LINE: usize = 8 << 10;
/// The most header lines a request may have.
pub const MOST_HEADERS: usize = 100;
/// How long one read or write of a connection may wait before the connection is closed.
pub const CONNECTION_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections answered at once; past it, a connection is told `503` and closed.
pub const MOST_CONNECTIONS: usize = 32;

/// Connections being answered now.
static ANSWERING: AtomicUsize = AtomicUsize::new(0);

/// The port tried first; another free one is taken when it is busy.
pub const PREFERRED_PORT: u16 = 8000;

/// A file whose body was sent: its path under the folder and the bytes that left,
/// compressed or not.
pub type Sent = (String, u64);

/// The files sent, in order, when they are counted.
type SentLog = Arc<Mutex<Vec<Sent>>>;

/// A listening server for one folder.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    dir: PathBuf,
    /// Kept only for [`Background`]: a server left running would otherwise grow it
    /// without end.
    sent: Option<SentLog>,
}

impl Server {
    /// Listens on 127.0.0.1, on [`PREFERRED_PORT`] or, when that is taken, a free port.
    ///
    /// # Errors
    /// The folder does not exist, or no port can be bound.
    pub fn bind(dir: &Path) -> Result<Self> {
        Self::bind_to(dir, PREFERRED_PORT, None)
    }

    fn bind_to(dir: &Path, port: u16, sent: Option<SentLog>) -> Result<Self> {
        let dir = dir
            .canonicalize()
            .with_context(|| format!("reading {}", dir.display()))?;
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))
            .or_else(|_| TcpListener::bind((Ipv4Addr::LOCALHOST, 0)))
            .context("listening on 127.0.0.1")?;
        Ok(Server {
            listener,
            dir,
            sent,
        })
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
        let (mut stream, _) = self.listener.accept().context("accepting a connection")?;
        if ANSWERING.fetch_add(1, Ordering::SeqCst) >= MOST_CONNECTIONS {
            ANSWERING.fetch_sub(1, Ordering::SeqCst);
            let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
            let _ = refuse(&mut stream, "503 Service Unavailable", b"busy\n");
            return Ok(());
        }
        let (dir, log) = (self.dir.clone(), self.sent.clone());
        std::thread::spawn(move || {
            // A client that goes away mid-answer is its own business.
            if let (Ok(Some(sent)), Some(log)) = (answer(stream, &dir), log) {
                log.lock().unwrap_or_else(|e| e.into_inner()).push(sent);
            }
            ANSWERING.fetch_sub(1, Ordering::SeqCst);
        });
        Ok(())
    }
}

/// The server answering on a thread of its own, on a free port, counting what it sends;
/// stopped when dropped. The browser tests' way to serve the site.
#[derive(Debug)]
pub struct Background {
    address: SocketAddr,
    dir: PathBuf,
    sent: SentLog,
    stopping: Arc<AtomicBool>,
    accepting: Option<JoinHandle<()>>,
}

impl Background {
    /// Serves `dir` on a free port of 127.0.0.1.
    ///
    /// # Errors
    /// The folder does not exist, or no port can be bound.
    pub fn start(dir: &Path) -> Result<Self> {
        let sent = SentLog::default();
        let server = Server::bind_to(dir, 0, Some(Arc::clone(&sent)))?;
        let (address, dir) = (server.address()?, server.dir.clone());
        let stopping = Arc::new(AtomicBool::new(false));
        let accepting = {
            let stopping = Arc::clone(&stopping);
            std::thread::spawn(move || {
                while !stopping.load(Ordering::SeqCst) {
                    if server.answer_next().is_err() {
                        break;
                    }
                }
            })
        };
        Ok(Background {
            address,
            dir,
            sent,
            stopping,
            accepting: Some(accepting),
        })
    }

    /// The site's address, `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// The folder served (its canonical path).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every file whose body was sent since the last call, in order (a `304 Not
    /// Modified` sends none).
    pub fn take_sent(&self) -> Vec<Sent> {
        std::mem::take(&mut *self.sent.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.stopping.store(true, Ordering::SeqCst);
        // Wakes the accepting thread, which answers this last connection and then sees
        // the flag.
        let _ = TcpStream::connect(self.address);
        if let Some(accepting) = self.accepting.take() {
            let _ = accepting.join();
        }
    }
}

/// Reads one request from `stream` and answers it from `dir`; returns the file whose
/// body was sent, if one was.
///
/// # Errors
/// The connection fails.
pub fn answer(stream: TcpStream, dir: &Path) -> std::io::Result<Option<Sent>> {
    answer_within(stream, dir, CONNECTION_TIMEOUT)
}

/// [`answer`], each read and write of the connection given `timeout`.
///
/// # Errors
/// The connection fails or times out.
pub fn answer_within(
    mut stream: TcpStream,
    dir: &Path,
    timeout: Duration,
) -> std::io::Result<Option<Sent>> {
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    let asked = match read_line_bounded(&mut reader, &mut request_line)
        .and_then(|()| Asked::read(&mut reader))
    {
        Ok(asked) => asked,
        Err(error) if error.kind() == std::io::ErrorKind::InvalidData => {
            return refuse(
                &mut stream,
                "431 Request Header Fields Too Large",
                b"request too large\n",
            );
        }
        Err(error) => return Err(error),
    };
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    if method != "GET" && method != "HEAD" {
        return refuse(&mut stream, "405 Method Not Allowed", b"GET only\n");
    }
    let Some(path) = resolve(dir, target) else {
        return refuse(&mut stream, "404 Not Found", b"not found\n");
    };
    match FileAnswer::of(&path, &asked) {
        Ok(file) => {
            let status = if file.not_modified {
                "304 Not Modified"
            } else {
                "200 OK"
            };
            write!(stream, "HTTP/1.1 {status}\r\n{}", file.headers())?;
            let with_body = method == "GET" && !file.not_modified;
            if with_body {
                stream.write_all(file.body())?;
            }
            stream.flush()?;
            let name = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .display()
                .to_string();
            Ok(with_body.then(|| (name, file.body().len() as u64)))
        }
        Err(_) => refuse(&mut stream, "404 Not Found", b"not found\n"),
    }
}

/// A short plain-text answer that sends no file, kept by nobody.
fn refuse(stream: &mut TcpStream, status: &str, body: &[u8]) -> std::io::Result<Option<Sent>> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\
         X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    stream.write_all(body)?;
    stream.flush()?;
    Ok(None)
}

/// The request headers an answer depends on.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Asked {
    /// `Accept-Encoding` names gzip (and not with `q=0`).
    pub gzip: bool,
    /// `If-None-Match`: the tags of the copies the browser keeps.
    pub if_none_match: Option<String>,
}

impl Asked {
    /// Reads the headers up to the blank line that ends them.
    ///
    /// # Errors
    /// The connection fails.
    /// A line past [`LONGEST_LINE`] or more than [`MOST_HEADERS`] lines is refused
    /// (`InvalidData`), read no further.
    pub fn read(reader: &mut impl BufRead) -> std::io::Result<Self> {
        let mut asked = Asked::default();
        let mut line = String::new();
        for _ in 0..=MOST_HEADERS {
            line.clear();
            read_line_bounded(reader, &mut line)?;
            if line.len() <= 2 {
                return Ok(asked);
            }
            let Some((name, value)) = line.split_once(':') else {
                continue;
            };
            let value = value.trim();
            if name.eq_ignore_ascii_case("accept-encoding") {
                asked.gzip = value.split(',').any(|coding| {
                    let mut parts = coding.split(';').map(str::trim);
                    parts.next() == Some("gzip")
                        && parts.all(|parameter| parameter.replace(' ', "") != "q=0")
                });
            } else if name.eq_ignore_ascii_case("if-none-match") {
                asked.if_none_match = Some(value.to_owned());
            }
        }
        Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "too many header lines",
        ))
    }
}

/// Reads one line into `line`, at most [`LONGEST_LINE`] bytes of it: a longer one is
/// refused (`InvalidData`) with no more of it read, so no client makes the server hold a
/// line of any length.
///
/// # Errors
/// The connection fails, or the line is too long.
pub fn read_line_bounded(reader: &mut impl BufRead, line: &mut String) -> std::io::Result<()> {
    let limit = u64::try_from(LONGEST_LINE).unwrap_or(u64::MAX) + 1;
    let read = reader.by_ref().take(limit).read_line(line)?;
    if read > LONGEST_LINE && !line.ends_with('\n') {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "a request line past the longest allowed",
        ));
    }
    Ok(())
}

/// A file's answer: its headers and body, gzipped where asked and worth it, or `304 Not
/// Modified` where the browser keeps this very version.
#[derive(Debug)]
pub struct FileAnswer {
    pub content_type: &'static str,
    pub tag: String,
    pub gzipped: bool,
    pub not_modified: bool,
    body: Arc<Vec<u8>>,
}

/// What lets the browser keep a file: stored, and asked about again before each use.
pub const CACHE_CONTROL: &str = "no-cache";

impl FileAnswer {
    /// Reads `path` and answers `asked` with it.
    ///
    /// # Errors
    /// The file cannot be read.
    pub fn of(path: &Path, asked: &Asked) -> std::io::Result<Self> {
        let metadata = std::fs::metadata(path)?;
        let modified = metadata
            .modified()
            .ok()
            .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |since| since.as_nanos());
        let tag = format!("\"{:x}-{modified:x}\"", metadata.len());
        let content_type = content_type(path);
        let not_modified = asked.if_none_match.as_deref().is_some_and(|kept| {
            kept.split(',')
                .any(|one| one.trim().trim_start_matches("W/") == tag)
        });
        if not_modified {
            return Ok(FileAnswer {
                content_type,
                tag,
                gzipped: false,
                not_modified,
                body: Arc::new(Vec::new()),
            });
        }
        let plain = std::fs::read(path)?;
        let (body, gzipped) = if asked.gzip && compressible(path) {
            match gzipped(path, &tag, &plain) {
                Some(packed) => (packed, true),
                None => (Arc::new(plain), false),
            }
        } else {
            (Arc::new(plain), false)
        };
        Ok(FileAnswer {
            content_type,
            tag,
            gzipped,
            not_modified,
            body,
        })
    }

    /// The bytes to send after the headers.
    pub fn body(&self) -> &[u8] {
        &self.body
    }

    /// The headers after the status line, up to and including the blank line.
    pub fn headers(&self) -> String {
        let encoding = if self.gzipped {
            "Content-Encoding: gzip\r\n"
        } else {
            ""
        };
        format!(
            "Content-Type: {}\r\nContent-Length: {}\r\n{encoding}Vary: Accept-Encoding\r\n\
             ETag: {}\r\nCache-Control: {CACHE_CONTROL}\r\nX-Content-Type-Options: \
             nosniff\r\nConnection: close\r\n\r\n",
            self.content_type,
            self.body.len(),
            self.tag
        )
    }
}

/// Whether a file is worth gzipping: text and the module (images, archives and fonts
/// are compressed already).
fn compressible(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|ext| ext.to_str()),
        Some("html" | "js" | "mjs" | "css" | "json" | "svg" | "wasm" | "txt" | "in" | "out" | "h")
    )
}

/// `plain` gzipped, kept by path and tag so that each version is compressed once; `None`
/// where gzip does not make it smaller.
/// `plain` gzipped as the server sends it (the default level), or `None` if it cannot be.
pub fn gzip(plain: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(plain.len() / 2),
        flate2::Compression::default(),
    );
    encoder.write_all(plain).ok()?;
    encoder.finish().ok()
}

fn gzipped(path: &Path, tag: &str, plain: &[u8]) -> Option<Arc<Vec<u8>>> {
    type Kept = Mutex<HashMap<PathBuf, (String, Arc<Vec<u8>>)>>;
    static KEPT: OnceLock<Kept> = OnceLock::new();
    let kept = KEPT.get_or_init(Kept::default);
    let known = kept
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(path)
        .filter(|(kept_tag, _)| kept_tag == tag)
        .map(|(_, packed)| Arc::clone(packed));
    if known.is_some() {
        return known;
    }
    let packed = Arc::new(gzip(plain).filter(|packed| packed.len() < plain.len())?);
    kept.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(path.to_owned(), (tag.to_owned(), Arc::clone(&packed)));
    Some(packed)
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
pub fn content_type(path: &Path) -> &'static str {
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

    /// A connection answered by [`answer_within`] on its own thread; the client's end.
    fn connected(dir: &Path, timeout: Duration) -> (TcpStream, std::thread::JoinHandle<()>) {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (server, _) = listener.accept().unwrap();
        let dir = dir.to_owned();
        let answering = std::thread::spawn(move || {
            let _ = answer_within(server, &dir, timeout);
        });
        (client, answering)
    }

    #[test]
    fn a_line_of_any_length_is_refused_unread_and_a_silent_client_let_go() {
        use std::io::Read;
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "hi").unwrap();
        // A request line of a megabyte without its end: 431 after 8 KiB, not held.
        let (mut client, answering) = connected(dir.path(), Duration::from_secs(5));
        let _ = client.write_all(b"GET /");
        let _ = client.write_all(&vec![b'a'; 1 << 20]);
        let mut reply = String::new();
        let _ = client.read_to_string(&mut reply);
        assert!(reply.starts_with("HTTP/1.1 431"), "{reply}");
        answering.join().unwrap();
        // A header line too long, and too many header lines.
        for headers in [
            format!("X: {}\r\n", "b".repeat(LONGEST_LINE + 10)),
            "X: y\r\n".repeat(MOST_HEADERS + 1),
        ] {
            let (mut client, answering) = connected(dir.path(), Duration::from_secs(5));
            let _ =
                client.write_all(format!("GET /index.html HTTP/1.1\r\n{headers}\r\n").as_bytes());
            let mut reply = String::new();
            let _ = client.read_to_string(&mut reply);
            assert!(reply.starts_with("HTTP/1.1 431"), "{reply}");
            answering.join().unwrap();
        }
        // An honest request still gets its file.
        let (mut client, answering) = connected(dir.path(), Duration::from_secs(5));
        client
            .write_all(b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        let mut reply = String::new();
        client.read_to_string(&mut reply).unwrap();
        assert!(
            reply.starts_with("HTTP/1.1 200") && reply.ends_with("hi"),
            "{reply}"
        );
        answering.join().unwrap();
        // A client that says nothing is let go after the timeout.
        let started = std::time::Instant::now();
        let (_silent, answering) = connected(dir.path(), Duration::from_millis(200));
        answering.join().unwrap();
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }

    /// `GET target` of `server` with `headers`; the answer as text.
    fn get(server: &Background, target: &str, headers: &str) -> String {
        use std::io::Read;
        let mut client = TcpStream::connect(server.address).unwrap();
        write!(client, "GET {target} HTTP/1.1\r\n{headers}\r\n").unwrap();
        let mut reply = String::new();
        client.read_to_string(&mut reply).unwrap();
        reply
    }

    #[test]
    fn the_background_server_counts_each_body_sent_and_stops_when_dropped() {
        let site = tempfile::tempdir().unwrap();
        std::fs::write(site.path().join("index.html"), "<p>hi</p>").unwrap();
        let server = Background::start(site.path()).unwrap();
        assert!(server.url().starts_with("http://127.0.0.1:"));
        let first = get(&server, "/", "");
        assert!(first.starts_with("HTTP/1.1 200") && first.ends_with("<p>hi</p>"));
        let tag = first
            .lines()
            .find_map(|line| line.strip_prefix("ETag: "))
            .unwrap()
            .to_owned();
        // Kept by the browser: no body, nothing counted; refused: nothing counted.
        let again = get(&server, "/index.html", &format!("If-None-Match: {tag}\r\n"));
        assert!(again.starts_with("HTTP/1.1 304"), "{again}");
        assert!(get(&server, "/../secret", "").starts_with("HTTP/1.1 404"));
        // The answering threads push after replying: wait for the one count.
        let started = std::time::Instant::now();
        let mut sent = Vec::new();
        while sent.is_empty() && started.elapsed() < Duration::from_secs(5) {
            sent.extend(server.take_sent());
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(100));
        sent.extend(server.take_sent());
        assert_eq!(sent, [("index.html".to_owned(), 9)]);
        let address = server.address;
        drop(server);
        assert!(TcpStream::connect(address).is_err(), "still listening");
    }

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
            "/../etc/passwd",
            "/./index.html",
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
    fn the_module_is_gzipped_where_accepted_and_kept_by_its_tag() {
        let site = tempfile::tempdir().unwrap();
        let module = site.path().join("m.wasm");
        std::fs::write(&module, vec![7u8; 100_000]).unwrap();
        let asked = Asked::read(&mut &b"Accept-Encoding: deflate, gzip;q=1.0\r\n\r\n"[..]).unwrap();
        assert!(asked.gzip);
        let answer = FileAnswer::of(&module, &asked).unwrap();
        assert!(answer.gzipped && answer.body().len() < 1000);
        let headers = answer.headers();
        assert!(headers.contains("Content-Encoding: gzip\r\n"), "{headers}");
        assert!(headers.contains("Cache-Control: no-cache\r\n"), "{headers}");
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(
            &mut flate2::read::GzDecoder::new(answer.body()),
            &mut decoded,
        )
        .unwrap();
        assert_eq!(decoded, vec![7u8; 100_000]);
        // Kept by the browser: asked with its tag, answered with no body.
        let again = Asked {
            gzip: true,
            if_none_match: Some(answer.tag.clone()),
        };
        let answer = FileAnswer::of(&module, &again).unwrap();
        assert!(answer.not_modified && answer.body().is_empty());
        // Not accepted, or refused with q=0: sent as it is.
        for refused in [
            "Accept-Encoding: br\r\n\r\n",
            "Accept-Encoding: gzip;q=0\r\n\r\n",
        ] {
            let asked = Asked::read(&mut refused.as_bytes()).unwrap();
            assert!(!asked.gzip, "{refused}");
            let answer = FileAnswer::of(&module, &asked).unwrap();
            assert_eq!(answer.body().len(), 100_000);
            assert!(!answer.headers().contains("Content-Encoding"));
        }
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
