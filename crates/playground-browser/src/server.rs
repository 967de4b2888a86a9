//! A static server for the site on 127.0.0.1, inside the test's own process (no child to
//! lose), that also counts the bytes it sends per file: what a page downloads is
//! measured where it leaves, whether the page or its worker asked for it.
//!
//! It serves only what the site needs: `GET` of regular files under the folder, each
//! answer closing its connection, answered as `cargo xtask web --serve` answers
//! (`xtask::web::serve::FileAnswer`): the media types browsers insist on for modules and
//! WebAssembly, gzipped where accepted, kept by the browser and asked about again before
//! each use. A file counts as sent when its body is (a `304 Not Modified` sends none),
//! with the bytes that left, compressed or not.

use std::io::{BufReader, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use anyhow::{Context, Result};
use xtask::web::serve::{self, Asked, FileAnswer};

/// A running server; stopped when dropped.
#[derive(Debug)]
pub struct Server {
    address: SocketAddr,
    dir: PathBuf,
    sent: Arc<Mutex<Vec<(String, u64)>>>,
    stopping: Arc<AtomicBool>,
    accepting: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves `dir` on a free port of 127.0.0.1.
    ///
    /// # Errors
    /// No port can be bound.
    pub fn start(dir: &Path) -> Result<Self> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).context("listening")?;
        let address = listener.local_addr().context("reading the local address")?;
        let sent = Arc::new(Mutex::new(Vec::new()));
        let stopping = Arc::new(AtomicBool::new(false));
        let served = dir.to_owned();
        let accepting = {
            let (sent, stopping) = (Arc::clone(&sent), Arc::clone(&stopping));
            std::thread::spawn(move || {
                for stream in listener.incoming() {
                    if stopping.load(Ordering::Relaxed) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let (dir, sent) = (served.clone(), Arc::clone(&sent));
                    std::thread::spawn(move || {
                        // A browser that drops a connection mid-answer is its own business.
                        let _ = answer(stream, &dir, &sent);
                    });
                }
            })
        };
        Ok(Server {
            address,
            dir: dir.to_owned(),
            sent,
            stopping,
            accepting: Some(accepting),
        })
    }

    /// The site's address, `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// The folder served.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every file sent since the last call, with its size in bytes, in order.
    pub fn take_sent(&self) -> Vec<(String, u64)> {
        std::mem::take(&mut *self.sent.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stopping.store(true, Ordering::Relaxed);
        // Wakes the accepting thread, which then sees the flag.
        let _ = TcpStream::connect(self.address);
        if let Some(accepting) = self.accepting.take() {
            let _ = accepting.join();
        }
    }
}

fn answer(stream: TcpStream, dir: &Path, sent: &Mutex<Vec<(String, u64)>>) -> Result<()> {
    stream.set_read_timeout(Some(serve::CONNECTION_TIMEOUT))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    serve::read_line_bounded(&mut reader, &mut request_line)?;
    let asked = Asked::read(&mut reader)?;
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let found = (method == "GET")
        .then(|| file_of(dir, target))
        .flatten()
        .and_then(|path| Some((FileAnswer::of(&path, &asked).ok()?, path)));
    let mut stream = stream;
    match found {
        Some((file, path)) => {
            let status = if file.not_modified {
                "304 Not Modified"
            } else {
                "200 OK"
            };
            write!(stream, "HTTP/1.1 {status}\r\n{}", file.headers())?;
            stream.write_all(file.body())?;
            if !file.not_modified {
                let name = path
                    .strip_prefix(dir)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                sent.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((name, file.body().len() as u64));
            }
        }
        None => write!(
            stream,
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )?,
    }
    stream.flush()?;
    Ok(())
}

/// The file `target` names under `dir` (`/` is `index.html`); nothing that climbs out.
fn file_of(dir: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next()?.strip_prefix('/')?;
    let path = if path.is_empty() { "index.html" } else { path };
    let relative = Path::new(path);
    if !relative
        .components()
        .all(|part| matches!(part, Component::Normal(_)))
    {
        return None;
    }
    let file = dir.join(relative);
    file.is_file().then_some(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_under_the_folder_are_served() {
        let site = tempfile::tempdir().unwrap();
        let dir = site.path();
        std::fs::write(dir.join("index.html"), "<p>hi</p>").unwrap();
        assert_eq!(file_of(dir, "/"), Some(dir.join("index.html")));
        assert_eq!(file_of(dir, "/index.html?x"), Some(dir.join("index.html")));
        for refused in ["/../etc/passwd", "/./index.html", "index.html", "/missing"] {
            assert_eq!(file_of(dir, refused), None, "{refused}");
        }
    }
}
