//! A problem page of the playground, reached as a person reaches it: the sample buttons,
//! the input editor, Solve, Cancel, the certificate editor and Check, and what the page
//! shows back (the status beside the buttons, the answer, the verdict).
//!
//! Long texts (a large input, a certificate) are put in an editor the way a paste puts
//! them, in one edit followed by the `input` event, rather than typed key by key.

use std::time::Duration;

use anyhow::{Context, Result};
use serde_json::{Value, json};

use crate::browser::Session;

/// How long a sample's solve or check may take in the page, the module's first download
/// and compilation included.
pub const SAMPLE_TIMEOUT: Duration = Duration::from_secs(30);

/// The line the page shows beside Solve and Cancel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    /// Shown as an error (`class="error"`): a refused input or a failed worker.
    pub is_error: bool,
}

/// What the checker said, as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// `Some(true)` accepted, `Some(false)` refused, `None` neither shown.
    pub accepted: Option<bool>,
    pub text: String,
}

/// One problem's page, open in the session.
#[derive(Debug)]
pub struct Playground<'s> {
    session: &'s Session,
    pub problem: String,
}

impl<'s> Playground<'s> {
    /// Opens `<problem>.html`.
    ///
    /// # Errors
    /// The page does not load.
    pub fn open(session: &'s Session, problem: &str) -> Result<Self> {
        session.open(&format!("{problem}.html"))?;
        Ok(Playground {
            session,
            problem: problem.to_owned(),
        })
    }

    /// The number of sample buttons.
    ///
    /// # Errors
    /// The browser fails.
    pub fn sample_count(&self) -> Result<usize> {
        let count = self.session.script(
            "return document.querySelectorAll('button.sample').length",
            Vec::new(),
        )?;
        Ok(count.as_u64().unwrap_or(0) as usize)
    }

    /// Clicks the button of the sample at `index` (which fills the editor).
    ///
    /// # Errors
    /// No such button.
    pub fn choose_sample(&self, index: usize) -> Result<()> {
        self.session
            .click(&format!("button.sample[data-sample=\"{index}\"]"))
    }

    /// The editor's text.
    ///
    /// # Errors
    /// The browser fails.
    pub fn input(&self) -> Result<String> {
        Ok(self
            .session
            .property("#input", "value")?
            .unwrap_or_default())
    }

    /// Pastes `text` into the input editor, replacing what it held.
    ///
    /// # Errors
    /// The browser fails.
    pub fn paste_input(&self, text: &str) -> Result<()> {
        self.paste("input", text)
    }

    /// Pastes `text` into the certificate editor, replacing what it held.
    ///
    /// # Errors
    /// The browser fails.
    pub fn paste_certificate(&self, text: &str) -> Result<()> {
        self.paste("certificate", text)
    }

    fn paste(&self, id: &str, text: &str) -> Result<()> {
        self.session.script(
            "const editor = document.getElementById(arguments[0]);\
             editor.focus(); editor.value = arguments[1];\
             editor.dispatchEvent(new Event('input', { bubbles: true }));",
            vec![json!(id), json!(text)],
        )?;
        Ok(())
    }

    /// The certificate editor's text (the solver's certificate after a solve).
    ///
    /// # Errors
    /// The browser fails.
    pub fn certificate(&self) -> Result<String> {
        Ok(self
            .session
            .property("#certificate", "value")?
            .unwrap_or_default())
    }

    /// Clicks Solve and waits until the page is idle again; returns the status.
    ///
    /// # Errors
    /// The page stays busy past `timeout`.
    pub fn solve(&self, timeout: Duration) -> Result<Status> {
        self.session.click("#solve")?;
        self.wait_until_idle(timeout)?;
        self.status()
    }

    /// Whether a request runs (Solve disabled, Cancel enabled).
    ///
    /// # Errors
    /// The browser fails.
    pub fn is_busy(&self) -> Result<bool> {
        let busy = self.session.script(
            "return document.getElementById('solve').disabled \
             && !document.getElementById('cancel').disabled",
            Vec::new(),
        )?;
        Ok(busy == Value::Bool(true))
    }

    /// Waits until no request runs.
    ///
    /// # Errors
    /// One still runs after `timeout`.
    pub fn wait_until_idle(&self, timeout: Duration) -> Result<()> {
        self.session.wait_until(
            &format!("{}'s page to finish its request", self.problem),
            "return !document.getElementById('solve').disabled",
            timeout,
        )
    }

    /// The status line beside the buttons.
    ///
    /// # Errors
    /// The browser fails.
    pub fn status(&self) -> Result<Status> {
        let shown = self.session.script(
            "const status = document.getElementById('status');\
             return [status.textContent, status.classList.contains('error')]",
            Vec::new(),
        )?;
        Ok(Status {
            text: shown[0].as_str().unwrap_or_default().to_owned(),
            is_error: shown[1] == Value::Bool(true),
        })
    }

    /// The answer shown after a solve.
    ///
    /// # Errors
    /// The browser fails.
    pub fn answer(&self) -> Result<String> {
        self.session.text("#answer")
    }

    /// Whether the results (answer, picture, explanation) are shown.
    ///
    /// # Errors
    /// The browser fails.
    pub fn results_shown(&self) -> Result<bool> {
        let hidden = self.session.property("#results", "hidden")?;
        Ok(hidden.as_deref() != Some("true"))
    }

    /// Clicks Check and waits for the verdict.
    ///
    /// # Errors
    /// The page stays busy past `timeout`.
    pub fn check(&self, timeout: Duration) -> Result<Verdict> {
        self.session.click("#check")?;
        self.wait_until_idle(timeout)?;
        self.verdict()
    }

    /// The checker's verdict as shown.
    ///
    /// # Errors
    /// The browser fails.
    pub fn verdict(&self) -> Result<Verdict> {
        let shown = self.session.script(
            "const verdict = document.getElementById('verdict');\
             return [verdict.textContent, verdict.className]",
            Vec::new(),
        )?;
        let accepted = match shown[1].as_str() {
            Some("accepted") => Some(true),
            Some("refused") => Some(false),
            _ => None,
        };
        Ok(Verdict {
            accepted,
            text: shown[0].as_str().unwrap_or_default().to_owned(),
        })
    }
}

/// What the time a solve reports covers, as the page says it.
pub const SOLVE_TIMES: &str = " (solver, checker, explanation and picture).";

/// The time the page reports for a solve (`Solved and proven in 12 ms (solver, checker,
/// explanation and picture).`), measured by the worker around the module's call: the
/// solver, the checker of its certificate, the explanation and the picture.
///
/// # Errors
/// The status is not a solve's report.
pub fn solving_time(status: &str) -> Result<Duration> {
    let figure = status
        .strip_prefix("Solved and proven in ")
        .and_then(|rest| rest.strip_suffix(SOLVE_TIMES))
        .with_context(|| format!("{status:?} reports no solve"))?;
    let (number, unit) = figure
        .split_once(' ')
        .with_context(|| format!("{status:?} has no unit"))?;
    let number: f64 = number
        .parse()
        .with_context(|| format!("{status:?}: {number:?} is not a number"))?;
    match unit {
        "ms" => Ok(Duration::from_secs_f64(number / 1000.0)),
        "s" => Ok(Duration::from_secs_f64(number)),
        _ => anyhow::bail!("{status:?}: unknown unit {unit:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_solving_time_is_read_in_either_unit() {
        let said = |figure: &str| format!("Solved and proven in {figure}{SOLVE_TIMES}");
        assert_eq!(
            solving_time(&said("12 ms")).unwrap(),
            Duration::from_millis(12)
        );
        assert_eq!(
            solving_time(&said("1.25 s")).unwrap(),
            Duration::from_millis(1250)
        );
        assert!(solving_time("Cancelled.").is_err());
        assert!(solving_time(&said("3 h")).is_err());
    }
}
