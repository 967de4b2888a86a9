//! Chromium headless under chromedriver, and one WebDriver session in it, seen through a
//! blocking interface so that tests are plain functions.
//!
//! Every process started here is stopped when the [`Session`] is dropped, a failed test's
//! unwinding included: the session is closed (chromedriver then ends Chromium), the
//! driver's process group is killed, and any Chromium process still holding this
//! session's own profile folder is killed by its id.

use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use nix::sys::signal::{Signal, kill, killpg};
use nix::unistd::Pid;
use serde_json::{Value, json};

use xtask::web::serve::Background;

/// What the tests say where the browser is missing.
const INSTALL: &str = "apt-get install -y chromium chromium-driver";

/// Chromium's switches: headless, and nothing that reaches for the network or a first-run
/// dialog (the machine's network is closed).
const CHROMIUM_SWITCHES: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1000",
];

/// The browser and the driver, found on the `PATH`.
#[derive(Debug)]
pub struct Programs {
    pub chromium: PathBuf,
    pub chromedriver: PathBuf,
}

impl Programs {
    /// Finds both.
    ///
    /// # Errors
    /// Either is missing: the message names it and the command that installs both.
    pub fn find() -> Result<Self> {
        let chromium = ["chromium", "chromium-browser"]
            .iter()
            .find_map(|name| on_path(name));
        let chromedriver = on_path("chromedriver");
        match (chromium, chromedriver) {
            (Some(chromium), Some(chromedriver)) => Ok(Programs {
                chromium,
                chromedriver,
            }),
            (chromium, _) => bail!(
                "the browser tests need {} on the PATH; install them with `{INSTALL}`, or \
                 set {}=skip to skip them",
                if chromium.is_none() {
                    "chromium and chromedriver"
                } else {
                    "chromedriver"
                },
                crate::SKIP_VARIABLE
            ),
        }
    }
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// The processes of one session, stopped when dropped.
#[derive(Debug)]
struct Processes {
    driver: Child,
    profile: PathBuf,
}

impl Drop for Processes {
    fn drop(&mut self) {
        // The driver leads a process group of its own (see `start_driver`).
        let group = Pid::from_raw(self.driver.id() as i32);
        let _ = killpg(group, Signal::SIGKILL);
        let _ = self.driver.wait();
        for pid in processes_using(&self.profile) {
            let _ = kill(pid, Signal::SIGKILL);
        }
    }
}

/// The processes whose command line names `profile` (Chromium's `--user-data-dir`).
fn processes_using(profile: &Path) -> Vec<Pid> {
    let wanted = format!("--user-data-dir={}", profile.display());
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|cmdline| {
                cmdline
                    .split(|byte| *byte == 0)
                    .any(|arg| arg == wanted.as_bytes())
            })
        })
        .map(Pid::from_raw)
        .collect()
}

/// A free port on 127.0.0.1 (free when asked; the driver binds it just after).
fn free_port() -> Result<u16> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).context("finding a free port")?;
    Ok(listener.local_addr()?.port())
}

fn start_driver(programs: &Programs, port: u16, log: &Path) -> Result<Child> {
    use std::os::unix::process::CommandExt;
    Command::new(&programs.chromedriver)
        .arg(format!("--port={port}"))
        .arg(format!("--log-path={}", log.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        // Its own group, so that one signal reaches the driver and what it started.
        .process_group(0)
        .spawn()
        .with_context(|| format!("starting {}", programs.chromedriver.display()))
}

/// A command chromedriver adds to WebDriver: a POST of a JSON `body` to
/// `session/{id}/{path}`. Its log endpoint (`se/log`: the browser's console messages and
/// page errors since the last call) and its passthrough to the browser's DevTools
/// protocol (`goog/cdp/execute`: one command and its parameters) are two of them.
#[derive(Debug)]
struct ChromedriverCommand {
    path: &'static str,
    body: Value,
}

impl ChromedriverCommand {
    /// The browser's log since the last call.
    fn browser_log() -> Self {
        ChromedriverCommand {
            path: "se/log",
            body: json!({"type": "browser"}),
        }
    }

    /// One command of the DevTools protocol (`Emulation.setDeviceMetricsOverride`...)
    /// with its parameters.
    fn devtools(command: &str, parameters: Value) -> Self {
        ChromedriverCommand {
            path: "goog/cdp/execute",
            body: json!({"cmd": command, "params": parameters}),
        }
    }
}

impl WebDriverCompatibleCommand for ChromedriverCommand {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/{}",
            session_id.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// A viewport the pages are tested at: its size in CSS pixels, and whether it is a
/// phone's (touch, and the page's `viewport` meta honoured).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewport {
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
    pub mobile: bool,
}

/// A laptop's screen.
pub const DESKTOP: Viewport = Viewport {
    name: "desktop",
    width: 1280,
    height: 800,
    mobile: false,
};
/// A phone held upright.
pub const PHONE: Viewport = Viewport {
    name: "phone",
    width: 390,
    height: 844,
    mobile: true,
};
/// Both, in that order.
pub const VIEWPORTS: [Viewport; 2] = [DESKTOP, PHONE];

/// One browser session on the served site.
pub struct Session {
    // Fields drop in this order after `Drop::drop` has closed the session: the processes
    // before the profile folder they write in.
    client: Client,
    runtime: tokio::runtime::Runtime,
    server: Background,
    processes: Processes,
    scratch: tempfile::TempDir,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Session")
            .field("site", &self.server.url())
            .field("processes", &self.processes)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// Serves `site`, starts chromedriver on a free port and opens a session in a fresh
    /// headless Chromium.
    ///
    /// # Errors
    /// The browser or the driver is missing (the message says what to install), or either
    /// fails to start.
    pub fn start(site: &Path) -> Result<Self> {
        let programs = Programs::find()?;
        let scratch = tempfile::tempdir().context("making the browser's folder")?;
        let profile = scratch.path().join("profile");
        let log = scratch.path().join("chromedriver.log");
        let port = free_port()?;
        let processes = Processes {
            driver: start_driver(&programs, port, &log)?,
            profile: profile.clone(),
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .context("starting the WebDriver client's runtime")?;
        wait_for_port(port, Duration::from_secs(20)).with_context(|| {
            format!(
                "chromedriver did not listen on port {port}; its log: {}",
                log.display()
            )
        })?;
        let mut capabilities = Capabilities::new();
        capabilities.insert("browserName".into(), json!("chrome"));
        let mut switches: Vec<String> = CHROMIUM_SWITCHES.iter().map(|s| s.to_string()).collect();
        switches.push(format!("--user-data-dir={}", profile.display()));
        capabilities.insert(
            "goog:chromeOptions".into(),
            json!({ "binary": programs.chromium, "args": switches }),
        );
        capabilities.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));
        let client = runtime
            .block_on(
                ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                    .capabilities(capabilities)
                    .connect(&format!("http://127.0.0.1:{port}/")),
            )
            .with_context(|| {
                format!(
                    "opening a Chromium session through chromedriver (its log: {})",
                    log.display()
                )
            })?;
        let server = Background::start(site)?;
        Ok(Session {
            client,
            runtime,
            server,
            processes,
            scratch,
        })
    }

    /// The served site (`cargo xtask web --serve`'s server, in this process).
    pub fn server(&self) -> &Background {
        &self.server
    }

    /// The session's scratch folder (the browser profile and the driver's log).
    pub fn scratch(&self) -> &Path {
        self.scratch.path()
    }

    fn block_on<T>(&self, work: impl Future<Output = T>) -> T {
        self.runtime.block_on(work)
    }

    /// Opens `path` of the site (`index.html`, `gam.html`) and waits until it has loaded.
    ///
    /// # Errors
    /// The browser fails to navigate or the page does not finish loading.
    pub fn open(&self, path: &str) -> Result<()> {
        let url = format!("{}{path}", self.server.url());
        self.block_on(self.client.goto(&url))
            .with_context(|| format!("opening {url}"))?;
        self.wait_until(
            &format!("{path} loaded"),
            "return document.readyState === 'complete'",
            Duration::from_secs(20),
        )
    }

    /// Goes to `url`, of the site or not (`file://...`), and waits until it has loaded.
    ///
    /// # Errors
    /// The browser fails to navigate or the page does not finish loading.
    pub fn goto(&self, url: &str) -> Result<()> {
        self.block_on(self.client.goto(url))
            .with_context(|| format!("opening {url}"))?;
        self.wait_until(
            &format!("{url} loaded"),
            "return document.readyState === 'complete'",
            Duration::from_secs(20),
        )
    }

    /// Runs `script` in the page with `args` (`arguments[0]`...) and returns its value.
    ///
    /// # Errors
    /// The script throws or the browser fails.
    pub fn script(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        self.block_on(self.client.execute(script, args))
            .with_context(|| format!("running {script:?}"))
    }

    /// Runs `script` in the page with `args`; it ends by calling its last argument with
    /// its value (WebDriver's asynchronous script), which is returned.
    ///
    /// # Errors
    /// The script throws, or does not call back within the session's script timeout.
    pub fn script_async(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        self.block_on(self.client.execute_async(script, args))
            .context("running an asynchronous script")
    }

    /// Polls `condition` (a script returning a boolean) until it holds.
    ///
    /// # Errors
    /// It still does not hold after `timeout`; the message names `what`.
    pub fn wait_until(&self, what: &str, condition: &str, timeout: Duration) -> Result<()> {
        let started = Instant::now();
        loop {
            if self.script(condition, Vec::new())? == Value::Bool(true) {
                return Ok(());
            }
            if started.elapsed() > timeout {
                bail!("waited {timeout:?} for {what}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Clicks the element `css` selects, as a mouse does.
    ///
    /// # Errors
    /// No such element, or it cannot be clicked.
    pub fn click(&self, css: &str) -> Result<()> {
        self.block_on(async { self.client.find(Locator::Css(css)).await?.click().await })
            .with_context(|| format!("clicking {css}"))
    }

    /// Clears the element `css` selects and types `text` into it, key by key.
    ///
    /// # Errors
    /// No such element, or it takes no text.
    pub fn type_into(&self, css: &str, text: &str) -> Result<()> {
        self.block_on(async {
            let element = self.client.find(Locator::Css(css)).await?;
            element.clear().await?;
            element.send_keys(text).await
        })
        .with_context(|| format!("typing into {css}"))
    }

    /// The text the element `css` selects shows (empty where it is hidden).
    ///
    /// # Errors
    /// No such element.
    pub fn text(&self, css: &str) -> Result<String> {
        self.block_on(async { self.client.find(Locator::Css(css)).await?.text().await })
            .with_context(|| format!("reading {css}"))
    }

    /// A property of the element `css` selects (`value`, `className`, `disabled`...).
    ///
    /// # Errors
    /// No such element.
    pub fn property(&self, css: &str, name: &str) -> Result<Option<String>> {
        self.block_on(async { self.client.find(Locator::Css(css)).await?.prop(name).await })
            .with_context(|| format!("reading {css}'s {name}"))
    }

    /// Presses and releases `key` wherever the focus is, as a keyboard does.
    ///
    /// # Errors
    /// The browser refuses the action.
    pub fn press(&self, key: Key) -> Result<()> {
        self.press_character(char::from(key))
    }

    /// Presses and releases the key that types `value` (a letter, or one of WebDriver's
    /// key codes) wherever the focus is.
    ///
    /// # Errors
    /// The browser refuses the action.
    pub fn press_character(&self, value: char) -> Result<()> {
        let actions = KeyActions::new("keyboard".to_owned())
            .then(KeyAction::Down { value })
            .then(KeyAction::Up { value });
        self.block_on(self.client.perform_actions(actions))
            .with_context(|| format!("pressing {value:?}"))
    }

    /// The `id` of the element that has the focus (empty when it has none).
    ///
    /// # Errors
    /// The browser fails.
    pub fn focused_id(&self) -> Result<String> {
        Ok(self
            .script("return document.activeElement?.id ?? ''", Vec::new())?
            .as_str()
            .unwrap_or_default()
            .to_owned())
    }

    /// Sends one command of the browser's DevTools protocol and returns its result.
    ///
    /// # Errors
    /// The driver or the browser refuses the command.
    pub fn devtools(&self, command: &str, parameters: Value) -> Result<Value> {
        self.block_on(
            self.client
                .issue_cmd(ChromedriverCommand::devtools(command, parameters)),
        )
        .with_context(|| format!("DevTools command {command}"))
    }

    /// Runs `work` with the page laid out in `viewport`, then restores the window's own
    /// size, whether `work` succeeded or not.
    ///
    /// # Errors
    /// The browser refuses the size, or `work` fails.
    pub fn at_viewport<T>(
        &self,
        viewport: Viewport,
        work: impl FnOnce() -> Result<T>,
    ) -> Result<T> {
        self.devtools(
            "Emulation.setDeviceMetricsOverride",
            json!({
                "width": viewport.width,
                "height": viewport.height,
                "deviceScaleFactor": 1,
                "mobile": viewport.mobile,
            }),
        )?;
        let outcome = work();
        let restored = self.devtools("Emulation.clearDeviceMetricsOverride", json!({}));
        let value = outcome.with_context(|| format!("at the {} viewport", viewport.name))?;
        restored?;
        Ok(value)
    }

    /// Saves a PNG of the window at `path`.
    ///
    /// # Errors
    /// The browser fails or the file cannot be written.
    pub fn screenshot(&self, path: &Path) -> Result<()> {
        let png = self
            .block_on(self.client.screenshot())
            .context("taking a screenshot")?;
        std::fs::write(path, png).with_context(|| format!("writing {}", path.display()))
    }

    /// The console errors and uncaught page errors since the last call (chromedriver's
    /// browser log at level `SEVERE`), one line each.
    ///
    /// # Errors
    /// The driver does not answer the log request.
    pub fn console_errors(&self) -> Result<Vec<String>> {
        let entries = self
            .block_on(self.client.issue_cmd(ChromedriverCommand::browser_log()))
            .context("reading the browser's log")?;
        Ok(entries
            .as_array()
            .into_iter()
            .flatten()
            .filter(|entry| entry["level"] == "SEVERE")
            .map(|entry| entry["message"].as_str().unwrap_or_default().to_owned())
            .collect())
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A polite close lets chromedriver end Chromium; the processes' guard then kills
        // whatever is left, a hung browser included.
        let client = self.client.clone();
        let _ = self
            .runtime
            .block_on(async { tokio::time::timeout(Duration::from_secs(5), client.close()).await });
    }
}

fn wait_for_port(port: u16, timeout: Duration) -> Result<()> {
    let started = Instant::now();
    while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
        if started.elapsed() > timeout {
            bail!("nothing listens on port {port} after {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(())
}
