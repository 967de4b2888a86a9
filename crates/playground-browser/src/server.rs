//! A static server for the site on 127.0.0.1, inside the test's own process (no child to
//! lose), that also counts the bytes it sends per file: what a page downloads is
//! measured where it leaves, whether the page or its worker asked for it.
//!
//! It serves only what the site needs: `GET` of regular files under the folder, each
//! answer closing its connection, with the media types browsers insist on for modules and
//! WebAssembly, and nothing cached, so every visit downloads the page again.

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use anyhow::{Context, Result};

/// A running server; stopped when dropped.
#[derive(Debug)]
pub struct Server {
    address: SocketAddr,
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
        let dir = dir.to_owned();
        let accepting = {
            let (sent, stopping) = (Arc::clone(&sent), Arc::clone(&stopping));
            std::thread::spawn(move || {
                for stream in listener.incoming() {
                    if stopping.load(Ordering::Relaxed) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let (dir, sent) = (dir.clone(), Arc::clone(&sent));
                    std::thread::spawn(move || {
                        // A browser that drops a connection mid-answer is its own business.
                        let _ = answer(stream, &dir, &sent);
                    });
                }
            })
        };
        Ok(Server {
            address,
            sent,
            stopping,
            accepting: Some(accepting),
        })
    }

    /// The site's address, `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
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
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let found = (method == "GET")
        .then(|| file_of(dir, target))
        .flatten()
        .and_then(|path| Some((std::fs::read(&path).ok()?, path)));
    let mut stream = stream;
    match found {
        Some((body, path)) => {
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
                 Cache-Control: no-store\r\nConnection: close\r\n\r\n",
                content_type(&path),
                body.len()
            )?;
            stream.write_all(&body)?;
            let name = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .display()
                .to_string();
            sent.lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((name, body.len() as u64));
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

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|ext| ext.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        // Pyodide's modules end in `.mjs`.
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    }
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
