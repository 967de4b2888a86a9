//! The playground (`cargo xtask web`) driven in a real headless Chromium through
//! WebDriver, as a person uses it: clicking samples, typing, pressing keys, reading what
//! the page shows.
//!
//! The library is the harness the browser tests (`tests/browser/`) and the measurement
//! (`examples/wasm-vs-native.rs`) share: reading the test binary's command line
//! ([`arguments`]), building the site ([`site`]) and serving it (with `cargo xtask web
//! --serve`'s own server, `xtask::web::serve::Background`, in this process), starting
//! chromedriver and Chromium and closing them whatever happens
//! ([`browser`]), the playground's controls as a person reaches them ([`page`]), and the
//! Judge section beside the terminal's judge ([`judge`]).

#![forbid(unsafe_code)]

pub mod arguments;
pub mod browser;
pub mod judge;
pub mod page;
pub mod site;

/// The environment variable that, set to `skip`, makes the browser tests skip (with a
/// note) on a machine without Chromium or chromedriver.
pub const SKIP_VARIABLE: &str = "PLAYGROUND_BROWSER";

/// Whether the caller asked to skip the browser (`PLAYGROUND_BROWSER=skip`).
pub fn skip_requested() -> bool {
    std::env::var(SKIP_VARIABLE).is_ok_and(|value| value == "skip")
}
