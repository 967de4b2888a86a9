//! The site's pages: `index.html` listing the problems, and one page per problem with its
//! statement (converted from `packages/<problem>/` by the package exporter's converter),
//! the archive's limits ([`crate::problems`]), the official samples as buttons, and the
//! playground's controls, which `playground.js` brings to life. A page carries the
//! checkers' cap on a certificate and its refusal, so that a file past it is refused
//! before it is read.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};
use gridkit::certificate::{MAX_CERTIFICATE_BYTES, too_long};

use crate::package::meta::Meta;
use crate::package::statement::{convert, escape};
use crate::testdata;
use crate::units::MIB;
use problem::TimeLimit;
use problems::{AnyProblem, PROBLEMS};

/// The page of `problem`: `<crate>.html`.
pub fn file_of(problem: &dyn AnyProblem) -> String {
    format!("{}.html", problem.name())
}

/// The start of every page, up to and including `<body ...>`.
fn head(title: &str, body_attributes: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n\
         <body{body_attributes}>\n",
        escape(title)
    )
}

/// The list of problems.
pub fn index() -> String {
    let mut page = head("Board-game problems: playground", "");
    let _ = write!(
        page,
        "<main class=\"index\">\n<h1>Board-game problems</h1>\n<p>{} problems from \
         programming contests, each solved in your browser by the archive's own solver, \
         compiled to WebAssembly. Every answer comes with its proof: an explanation, a \
         picture and a certificate that the problem's checker verifies without solving.</p>\n\
         <ul class=\"problems\">\n",
        count_in_words(PROBLEMS.len())
    );
    for &problem in PROBLEMS {
        let meta = Meta::of(problem);
        let _ = writeln!(
            page,
            "<li><a href=\"{}\">{}</a> <span class=\"source\">{}</span><br><span \
             class=\"limits\">{}</span></li>",
            file_of(problem),
            escape(meta.name),
            escape(meta.source),
            escape(&limits(problem))
        );
    }
    page.push_str("</ul>\n</main>\n</body>\n</html>\n");
    page
}

/// `count` as a word opening a sentence, up to twelve.
fn count_in_words(count: usize) -> String {
    const WORDS: [&str; 13] = [
        "No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
        "Eleven", "Twelve",
    ];
    WORDS
        .get(count)
        .map_or_else(|| count.to_string(), |word| (*word).to_owned())
}

/// The page of one problem.
///
/// # Errors
/// The statement cannot be read or converted, or the samples cannot be read.
pub fn problem(root: &Path, problem: &dyn AnyProblem) -> Result<String> {
    let meta = Meta::of(problem);
    let tex_path = root
        .join("packages")
        .join(problem.name())
        .join("problem_statement/problem.en.tex");
    let tex = std::fs::read_to_string(&tex_path)
        .with_context(|| format!("reading {}", tex_path.display()))?;
    let statement = convert(&tex).with_context(|| format!("converting {}", tex_path.display()))?;
    let samples = samples(root, problem)?;
    let generated = generated(problem)?;

    let mut page = head(
        &format!("{}: playground", meta.name),
        &format!(
            " data-problem=\"{}\" data-certificate-limit=\"{MAX_CERTIFICATE_BYTES}\" \
             data-certificate-too-long=\"{}\"",
            escape(problem.name()),
            escape(&too_long())
        ),
    );
    let _ = write!(
        page,
        "<nav><a href=\"index.html\">All problems</a></nav>\n{WARNINGS}<main class=\"problem\">\n\
         <article class=\"statement\">\n{statement}{examples}<p class=\"source\">Source: {}.</p>\n\
         <h2>Limits</h2>\n<p>{}</p>\n<p class=\"note\">These are the limits the archive \
         judges its solvers by (<code>cargo xtask verify</code>); the playground runs in \
         your browser and does not enforce them.</p>\n</article>\n",
        escape(meta.source),
        escape(&limits(problem)),
        examples = examples(&samples),
    );
    page.push_str(&controls(&samples));
    page.push_str(&super::play::section(problem.name()).unwrap_or_default());
    let test_count = testdata::pairs(&root.join("testdata").join(problem.name()))?
        .pairs
        .len();
    page.push_str(&judge_section(problem, test_count));
    page.push_str("</main>\n");
    // The samples as data for the page's script; `</` would end the script element.
    let names: Vec<&str> = samples.iter().map(|sample| sample.name.as_str()).collect();
    let texts: Vec<&str> = samples.iter().map(|sample| sample.input.as_str()).collect();
    let json = serde_json::json!({ "names": names, "inputs": texts, "generated": generated })
        .to_string()
        .replace("</", "<\\/");
    let _ = write!(
        page,
        "<script type=\"application/json\" id=\"samples\">{json}</script>\n\
         <script type=\"module\" src=\"playground.js\"></script>\n</body>\n</html>\n"
    );
    Ok(page)
}

/// The playground's controls: samples, the input, Solve and Cancel, the results, and the
/// certificate check.
fn controls(samples: &[Sample]) -> String {
    let mut html = String::from(
        "<section class=\"playground\">\n<h2>Try it</h2>\n<div class=\"samples\">Official \
         samples:",
    );
    for (index, sample) in samples.iter().enumerate() {
        let _ = write!(
            html,
            " <button type=\"button\" class=\"sample\" data-sample=\"{index}\">{}</button>",
            escape(&sample.name)
        );
    }
    html.push_str(
        " <button type=\"button\" id=\"random-case\">Random case</button></div>\n\
         <p id=\"random-note\" class=\"note\" hidden></p>\n\
         <label for=\"input\">Input</label>\n<textarea id=\"input\" rows=\"10\" \
         spellcheck=\"false\" autocomplete=\"off\"></textarea>\n\
         <div class=\"actions\"><button type=\"button\" id=\"solve\">Solve</button> \
         <button type=\"button\" id=\"cancel\" disabled>Cancel</button> \
         <span id=\"status\" role=\"status\" tabindex=\"-1\"></span></div>\n\
         <div id=\"results\" hidden>\n<h3>Answer</h3>\n<pre id=\"answer\"></pre>\n\
         <p><a id=\"download\" href=\"#\" download=\"certificate.json\">Download \
         certificate</a></p>\n<h3>Picture</h3>\n<div class=\"picture\" tabindex=\"0\" role=\"region\" \
         aria-label=\"the proof's picture, scrolled with the arrow keys\"><img id=\"picture\" \
         alt=\"the proof, drawn\"></div>\n",
    );
    html.push_str(STEPS);
    html.push_str(
        "<h3>Explanation</h3>\n<pre id=\"explanation\" \
         class=\"explanation\" tabindex=\"0\" role=\"region\" aria-label=\"the explanation, \
         scrolled with the arrow keys\"></pre>\n</div>\n\
         <h2>Check a certificate</h2>\n<p>The checker reads the certificate and the input \
         above and verifies the answer without solving, as <code>--check</code> does.</p>\n\
         <label for=\"certificate\">Certificate (JSON)</label>\n<textarea id=\"certificate\" \
         rows=\"6\" spellcheck=\"false\" autocomplete=\"off\"></textarea>\n\
         <div class=\"actions\"><button type=\"button\" id=\"check\">Check</button> \
         <label for=\"certificate-file\" class=\"note\">or load a certificate file:</label> \
         <input type=\"file\" id=\"certificate-file\" accept=\".json,application/json\"></div>\n\
         <p id=\"verdict\" role=\"status\" tabindex=\"-1\"></p>\n</section>\n",
    );
    html
}

/// The Judge section, brought to life by `judge.js`: a learner's source in, compiled in
/// the page, judged on every test of the archive; and an output judged alone against a
/// chosen test. The ids are the page's interface (the browser tests drive them).
fn judge_section(problem: &dyn AnyProblem, test_count: usize) -> String {
    let languages: String = super::JUDGED_LANGUAGES
        .iter()
        .map(|(value, name)| format!("<option value=\"{value}\">{name}</option>"))
        .collect();
    format!(
        "<section class=\"judge\" id=\"judge-section\">\n<h2>Judge your solution</h2>\n\
         <p>Paste a solution in C, C++, Python 3 or JavaScript, or open a file (a \
         <code>.wasm</code> built for <code>wasm32-wasip1</code>, such as a Rust \
         solution, runs too). This page compiles it and judges it on every test of the \
         archive with the verdicts and words of <code>cargo xtask verify --solution</code>. \
         Your code never leaves your browser. Stress runs it on cases from the problem's \
         own generator, as <code>cargo xtask stress</code> does, and shrinks the first \
         failure to a smallest case.</p>\n\
         <p class=\"note\">{limits_here}</p>\n<p class=\"note\" id=\"judge-download-note\"></p>\n\
         <div class=\"actions\"><label for=\"judge-language\">Language</label> \
         <select id=\"judge-language\">{languages}</select> \
         <label for=\"judge-file\">Open a file</label> <input type=\"file\" id=\"judge-file\" \
         accept=\".c,.cpp,.cc,.cxx,.py,.js,.wasm\"></div>\n\
         <label for=\"judge-source\">Source</label>\n<textarea id=\"judge-source\" rows=\"12\" \
         spellcheck=\"false\" autocomplete=\"off\"></textarea>\n\
         <div class=\"actions\"><label for=\"judge-tests\">Tests</label> \
         <select id=\"judge-tests\"><option value=\"all\">all {tests} tests</option>\
         <option value=\"samples\">the official samples</option></select> \
         <button type=\"button\" id=\"judge\">Judge</button> \
         <button type=\"button\" id=\"judge-stress\" title=\"generated cases against the \
         archive's answers; a failure is shrunk to a smallest case\">Stress</button> \
         <label for=\"judge-seed\">Seed</label> <input type=\"number\" id=\"judge-seed\" \
         min=\"0\" max=\"4294967295\" step=\"1\" placeholder=\"random\" title=\"the seed of \
         the generated cases, as cargo xtask stress --seed takes it; empty: a new one\"> \
         <button type=\"button\" id=\"judge-cancel\" disabled>Cancel</button> \
         <progress id=\"judge-progress\" hidden></progress> \
         <span id=\"judge-status\" role=\"status\"></span></div>\n\
         <div id=\"judge-diagnostics\" class=\"diagnostics\" hidden></div>\n\
         <div id=\"judge-failure\" hidden>\n<h3 id=\"judge-failure-title\"></h3>\n\
         <p id=\"judge-failure-detail\"></p>\n<h4>Input</h4>\n<pre id=\"judge-failure-input\"></pre>\n\
         <h4>Expected output</h4>\n<pre id=\"judge-failure-expected\"></pre>\n\
         <h4>Your output</h4>\n<pre id=\"judge-failure-received\"></pre>\n\
         <h4>Your program's stderr</h4>\n<pre id=\"judge-failure-stderr\"></pre>\n\
         <h4>Why the expected answer is right</h4>\n\
         <pre id=\"judge-failure-explanation\" class=\"explanation\"></pre>\n\
         <div class=\"picture\"><img id=\"judge-failure-picture\" alt=\"the expected \
         answer's proof, drawn\" hidden></div>\n</div>\n\
         <div class=\"judge-table\" tabindex=\"0\" role=\"region\" \
         aria-label=\"verdicts by test, scrolled with the arrow keys\">\
         <table id=\"judge-results\" hidden>\n<thead><tr><th>Test</th><th>Verdict</th>\
         <th>Time</th><th>Memory</th></tr></thead>\n<tbody></tbody>\n</table></div>\n\
         <h3>Judge an output</h3>\n<p>Paste what your program printed for one test; it \
         is compared with the expected output as the judge compares it.</p>\n\
         <div class=\"actions\"><label for=\"judge-output-test\">Test</label> \
         <select id=\"judge-output-test\"><option value=\"0\">(the tests load when \
         chosen)</option></select></div>\n\
         <label for=\"judge-output\">Output</label>\n<textarea id=\"judge-output\" rows=\"4\" \
         spellcheck=\"false\" autocomplete=\"off\"></textarea>\n\
         <div class=\"actions\"><button type=\"button\" id=\"judge-output-check\">Judge \
         the output</button></div>\n<p id=\"judge-output-verdict\" role=\"status\"></p>\n\
         </section>\n",
        limits_here = escape(&limits_in_the_page(problem)),
        tests = test_count,
    )
}

/// How the problem's limits apply in the page, in a sentence.
fn limits_in_the_page(problem: &dyn AnyProblem) -> String {
    format!(
        "In the page: memory is capped at the problem's {} for C and C++ (the program's \
         whole memory, stack included); for Python it is the interpreter's whole heap, about \
         30 MiB before your program starts, and for JavaScript it is not measured. Time is the \
         run's time in this browser, whose speed is unknown, so a run is TLE only past {} \
         times the limit, and a verdict reached near a limit is marked ≈: the \
         terminal's judge (exact CPU time, the real limits, Java too) may differ there.",
        bytes(problem.judging().memory_budget_bytes),
        playground::judging::PAGE_TIME_FACTOR
    )
}

/// What a page says when it cannot run: JavaScript blocked (`<noscript>`), opened from a
/// file (browsers load no module or worker from `file://`), or a browser without
/// WebAssembly. A classic script, run before the modules, so that it speaks where they
/// cannot load.
const WARNINGS: &str = "<noscript><p class=\"page-warning noscript\">The playground runs \
     in JavaScript, which is blocked for this page: allow JavaScript for it and reload the \
     page to solve, check and play. The statement, its examples and the limits read without \
     it.</p></noscript>\n<p id=\"page-warning\" class=\"page-warning\" role=\"alert\" \
     hidden></p>\n<script>\n(() => {\n  const say = (text) => {\n    const warning = \
     document.getElementById('page-warning');\n    warning.textContent = text;\n    \
     warning.hidden = false;\n  };\n  if (location.protocol === 'file:') {\n    say('This \
     page was opened from a file, and browsers load no modules or workers from files, so \
     the playground cannot start here. Run cargo xtask web --serve and open the address it \
     prints.');\n  } else if (typeof WebAssembly !== 'object') {\n    say('This browser runs \
     no WebAssembly (it may be turned off in its settings or by a security mode), so the \
     playground cannot solve, check or play here. Turn WebAssembly on, or open the page in \
     another browser.');\n  }\n})();\n</script>\n";

/// "Step through the proof", filled in after Solve by `steps.js`: Previous, Next and a
/// slider over the proof's frames, the frame's caption and its picture. The ids are the
/// page's interface (a browser test drives them).
const STEPS: &str = "<section id=\"steps\" class=\"steps\" hidden>\n<h3>Step through the \
     proof</h3>\n<div class=\"actions\"><button type=\"button\" id=\"step-previous\">Previous\
     </button> <input type=\"range\" id=\"step-slider\" min=\"0\" max=\"0\" value=\"0\" \
     aria-label=\"Step of the proof\"> <button type=\"button\" id=\"step-next\">Next</button> \
     <span id=\"step-position\"></span></div>\n<p id=\"step-caption\" aria-live=\"polite\">\
     </p>\n<div class=\"picture\" tabindex=\"0\" role=\"region\" aria-label=\"this step's \
     picture, scrolled with the arrow keys\"><img id=\"step-picture\" alt=\"the proof at \
     this step\"></div>\n</section>\n";

/// An official sample: its name, its input and the expected output.
struct Sample {
    name: String,
    input: String,
    output: String,
}

/// The official samples of `problem`, `testdata/<problem>/sample*.in` and their `.out`,
/// in natural order.
fn samples(root: &Path, problem: &dyn AnyProblem) -> Result<Vec<Sample>> {
    let suite = testdata::pairs(&root.join("testdata").join(problem.name()))?;
    let read = |path: &Path| {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
    };
    let samples: Vec<Sample> = suite
        .pairs
        .iter()
        .filter(|pair| pair.name.starts_with("sample"))
        .map(|pair| {
            Ok(Sample {
                name: pair.name.clone(),
                input: read(&pair.input)?,
                output: read(&pair.expected)?,
            })
        })
        .collect::<Result<_>>()?;
    anyhow::ensure!(!samples.is_empty(), "{} has no sample", problem.name());
    Ok(samples)
}

/// The statement's examples: each official sample's input beside its expected output.
fn examples(samples: &[Sample]) -> String {
    let mut html = String::from("<h2>Examples</h2>\n");
    for (index, sample) in samples.iter().enumerate() {
        let _ = write!(
            html,
            "<figure class=\"example\" data-example=\"{index}\">\n<figcaption>Example {} \
             ({})</figcaption>\n<div class=\"example-files\">\n<div><h3>Input</h3>\n\
             <pre class=\"example-input\" tabindex=\"0\">{}</pre></div>\n<div><h3>Output</h3>\n\
             <pre class=\"example-output\" tabindex=\"0\">{}</pre></div>\n</div>\n</figure>\n",
            index + 1,
            escape(&sample.name),
            escape(&sample.input),
            escape(&sample.output)
        );
    }
    html
}

/// The seed of the generated cases a page offers.
pub const GENERATED_SEED: u64 = 2026;
/// How many generated cases a page offers, and the most bytes one may hold: the cases
/// ride in the page, so the largest (gam's grow to 900 KB) are left to `cargo xtask gen`.
pub const GENERATED_CASES: u64 = 40;
pub const GENERATED_BYTES: usize = 16 << 10;

/// Cases from the crate's own generators, as `stress` makes them (case `k` of
/// [`GENERATED_SEED`], sizes growing with `k`), each with the command that prints it.
fn generated(problem: &dyn AnyProblem) -> Result<Vec<serde_json::Value>> {
    let mut cases = Vec::new();
    for case in (0..GENERATED_CASES).map(|k| k * 1000 / GENERATED_CASES) {
        let input = crate::stress::generate::generated(problem.name(), GENERATED_SEED, case)?;
        if input.len() <= GENERATED_BYTES {
            let command = format!(
                "cargo xtask gen {} --seed {GENERATED_SEED} --case {case}",
                problem.name()
            );
            cases.push(serde_json::json!({ "command": command, "input": input }));
        }
    }
    anyhow::ensure!(
        cases.len() >= 5,
        "{}: too few generated cases fit",
        problem.name()
    );
    Ok(cases)
}

/// The archive's limits of `problem` in a sentence.
pub fn limits(problem: &dyn AnyProblem) -> String {
    let time = match problem.judging().time_limit {
        TimeLimit::Uniform(limit) => format!("Time: {} per test file.", seconds(limit)),
        TimeLimit::ByGroupNumber {
            small,
            large,
            large_from,
            small_side,
            ..
        } => format!(
            "Time: {} per test file for groups 1 to {} and boards at most {small_side} \
             squares wide, {} otherwise.",
            seconds(small),
            large_from - 1,
            seconds(large)
        ),
    };
    format!(
        "{time} Memory: {}.",
        bytes(problem.judging().memory_budget_bytes)
    )
}

fn seconds(limit: Duration) -> String {
    let secs = limit.as_secs_f64();
    if secs.fract() == 0.0 {
        format!("{secs} s")
    } else {
        format!("{} ms", limit.as_millis())
    }
}

/// A memory budget as the statement gives it: MiB, or MB for gam's 8 MB.
fn bytes(budget: u64) -> String {
    if budget % MIB == 0 {
        format!("{} MiB", budget / MIB)
    } else if budget % 1_000_000 == 0 {
        format!("{} MB", budget / 1_000_000)
    } else {
        format!("{budget} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use problems::find;

    #[test]
    fn limits_read_as_the_statements_give_them() {
        assert_eq!(
            limits(find("statues").unwrap()),
            "Time: 2 s per test file. Memory: 256 MiB."
        );
        assert_eq!(
            limits(find("gam").unwrap()),
            "Time: 1 s per test file for groups 1 to 9 and boards at most 150 squares wide, \
             6 s otherwise. Memory: 8 MB."
        );
        assert_eq!(seconds(Duration::from_millis(1500)), "1500 ms");
        assert_eq!(count_in_words(5), "Five");
        assert_eq!(count_in_words(13), "13");
        let index = index();
        let count = count_in_words(PROBLEMS.len());
        assert!(index.contains(&format!("<p>{count} problems from programming contests")));
        for &problem in PROBLEMS {
            assert!(index.contains(&format!("<a href=\"{}\">", file_of(problem))));
        }
        assert_eq!(bytes(12345), "12345 bytes");
    }

    #[test]
    fn the_samples_are_embedded_as_json_the_page_reads() {
        let page = problem(&crate::project_root(), find("statues").unwrap()).unwrap();
        let data = page
            .split("<script type=\"application/json\" id=\"samples\">")
            .nth(1)
            .unwrap();
        let data = data.split("</script>").next().unwrap();
        let value: serde_json::Value = serde_json::from_str(data).unwrap();
        assert_eq!(value["names"][0], "sample1");
        assert!(value["inputs"][0].as_str().unwrap().ends_with("M.......\n"));
    }
}
