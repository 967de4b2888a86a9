//! `cargo xtask web`: the site is built from the real crate and the real `wasm-bindgen`
//! (a missing or mismatched command fails this test with the command that installs the
//! right one), every page is there with its controls (stepping through the proof among
//! them), every file a page or script refers to is in the folder and nothing is fetched
//! from elsewhere, the module is reported with its size, and the local server serves the
//! folder and nothing outside it.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use problems::PROBLEMS;
use xtask::web::{Site, Web, pages, serve, wasm};

/// The site, built once for every test here into a folder of its own.
fn site() -> &'static Site {
    static SITE: OnceLock<(tempfile::TempDir, Site)> = OnceLock::new();
    let (_, site) = SITE.get_or_init(|| {
        let out = tempfile::tempdir().unwrap();
        let site = Web {
            out: Some(out.path().join("site")),
            ..Default::default()
        }
        .run()
        .unwrap_or_else(|error| panic!("cargo xtask web failed: {error:#}"));
        (out, site)
    });
    site
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `dir`.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// The quoted text after each occurrence of `marker` (`href="`, `from '`...).
fn quoted_after<'t>(text: &'t str, marker: &str) -> Vec<&'t str> {
    let quote = marker.chars().last().unwrap();
    text.match_indices(marker)
        .filter_map(|(at, _)| text[at + marker.len()..].split(quote).next())
        .collect()
}

/// What a page or script refers to: links, sources, imports, the worker, the module.
fn references(file: &Path) -> Vec<String> {
    let text = read(file);
    let markers: &[&str] = match file.extension().and_then(|ext| ext.to_str()) {
        Some("html") => &["href=\"", "src=\""],
        Some("js") => &[
            "from '",
            "from \"",
            "import('",
            "import(\"",
            "new URL('",
            "new Worker('",
        ],
        _ => &["url("],
    };
    markers
        .iter()
        .flat_map(|marker| quoted_after(&text, marker))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_page_is_written() {
    let site = site();
    let mut expected = vec!["index.html".to_owned()];
    expected.extend(PROBLEMS.iter().map(|&problem| pages::file_of(problem)));
    expected.extend(
        [
            "playground.js",
            "play.js",
            "steps.js",
            "worker.js",
            "style.css",
            "pkg/playground.js",
        ]
        .map(str::to_owned),
    );
    for name in expected {
        let path = site.dir.join(&name);
        assert!(path.is_file(), "{name} is missing");
    }
    let index = read(&site.dir.join("index.html"));
    for &problem in PROBLEMS {
        assert!(
            index.contains(&format!("href=\"{}\"", pages::file_of(problem))),
            "the index does not link {}",
            problem.name()
        );
    }
}

#[test]
fn pages_and_scripts_refer_only_to_files_in_the_site() {
    let site = site();
    let mut checked = 0;
    for file in files(&site.dir) {
        // The toolchains' own files (npm/) are the pinned packages as the lock's hashes
        // vouch for them; they load only what the judge's modules point them at.
        if file.extension().is_some_and(|ext| ext == "wasm")
            || file
                .strip_prefix(&site.dir)
                .is_ok_and(|path| path.starts_with("npm"))
        {
            continue;
        }
        let text = read(&file);
        for remote in ["http://", "https://", "//cdn", "@import"] {
            assert!(
                !text.contains(remote),
                "{} mentions {remote}: nothing may come from elsewhere",
                file.display()
            );
        }
        for reference in references(&file) {
            // The download link's place-holder; the script gives it the certificate.
            if reference == "#" {
                continue;
            }
            assert!(
                !reference.contains(':') && !reference.starts_with('/'),
                "{}: {reference} is not a file of the site",
                file.display()
            );
            let target = file.parent().unwrap().join(&reference);
            // A folder of the site (a package's files) is named with its slash.
            let folder = reference.ends_with('/') && target.is_dir();
            assert!(
                target.is_file() || folder,
                "{} refers to {reference}, which is not in the site",
                file.display()
            );
            checked += 1;
        }
    }
    // Each page's style sheet and script, the index's links, the worker and its module.
    assert!(
        checked >= 2 * PROBLEMS.len() + 8,
        "only {checked} references found"
    );
    let worker = read(&site.dir.join("worker.js"));
    assert!(worker.contains("from './pkg/playground.js'"), "{worker}");
    let page_script = read(&site.dir.join("playground.js"));
    assert!(
        page_script.contains("from './steps.js'"),
        "the page does not load steps.js"
    );
    // The frames the page asks the worker for are the engine's.
    let glue = read(&site.dir.join("pkg/playground.js"));
    for method in ["frame_count()", "frame(index)"] {
        assert!(glue.contains(method), "the module has no {method}");
    }
    assert!(
        glue.contains(&format!("new URL('{}'", wasm::MODULE)),
        "the glue loads another module"
    );
}

#[test]
fn the_module_is_there_and_its_size_is_reported() {
    let site = site();
    assert_eq!(site.wasm, site.dir.join("pkg").join(wasm::MODULE));
    let bytes = std::fs::read(&site.wasm).unwrap();
    assert_eq!(&bytes[..4], b"\0asm", "not a WebAssembly module");
    assert_eq!(site.wasm_bytes, bytes.len() as u64);
    println!("web: {} is {} bytes", site.wasm.display(), site.wasm_bytes);
    // Five solvers and checkers with their pictures: a release build is about 1 MB. Far
    // more would be a debug build or a dependency that does not belong in a page.
    assert!(
        (100_000..4_000_000).contains(&site.wasm_bytes),
        "{} bytes",
        site.wasm_bytes
    );
}

#[test]
fn each_problem_page_has_its_statement_limits_samples_and_controls() {
    let site = site();
    for &problem in PROBLEMS {
        let page = read(&site.dir.join(pages::file_of(problem)));
        let at = problem.name();
        assert!(page.contains(&format!("data-problem=\"{at}\"")), "{at}");
        assert!(page.contains("<h1>"), "{at}: no statement title");
        assert!(page.contains("<h2>Input</h2>"), "{at}: no input section");
        assert!(page.contains(&pages::limits(problem)), "{at}: no limits");
        for control in [
            "id=\"input\"",
            "id=\"solve\"",
            "id=\"cancel\"",
            "id=\"download\"",
            "id=\"certificate\"",
            "id=\"certificate-file\"",
            "id=\"check\"",
            "id=\"step-previous\"",
            "id=\"step-next\"",
            "id=\"step-slider\"",
            "id=\"step-caption\"",
            "id=\"step-picture\"",
        ] {
            assert!(page.contains(control), "{at}: no {control}");
        }
        // The step controls: real buttons (focusable, Enter and Space work) and a range
        // input (the arrow keys move it), inside the results Solve fills in.
        let results = page.split("id=\"results\"").nth(1).unwrap();
        let results = results.split("Check a certificate").next().unwrap();
        for control in [
            "<button type=\"button\" id=\"step-previous\">",
            "<button type=\"button\" id=\"step-next\">",
            "<input type=\"range\" id=\"step-slider\"",
            "<img id=\"step-picture\"",
        ] {
            assert!(
                results.contains(control),
                "{at}: no {control} in the results"
            );
        }
        // The checkers' cap, for refusing a file unread, is the binaries'.
        let limit = gridkit::certificate::MAX_CERTIFICATE_BYTES;
        assert!(
            page.contains(&format!("data-certificate-limit=\"{limit}\"")),
            "{at}: no certificate limit"
        );
        assert!(
            page.contains(&gridkit::certificate::too_long()),
            "{at}: no refusal for a certificate past the limit"
        );
        let samples = std::fs::read_dir(xtask::project_root().join("testdata").join(at))
            .unwrap()
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| name.starts_with("sample") && name.ends_with(".in"))
            .count();
        assert!(samples > 0, "{at}");
        assert_eq!(page.matches("class=\"sample\"").count(), samples, "{at}");
    }
}

/// The page's data: the samples and the generated cases, from its JSON script element.
fn page_data(page: &str) -> serde_json::Value {
    let json = page
        .split("<script type=\"application/json\" id=\"samples\">")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .unwrap();
    serde_json::from_str(&json.replace("<\\/", "</")).unwrap()
}

#[test]
fn each_problem_page_offers_generated_cases_as_cargo_xtask_gen_prints_them() {
    let site = site();
    for &problem in PROBLEMS {
        let page = read(&site.dir.join(pages::file_of(problem)));
        let at = problem.name();
        assert!(
            page.contains("id=\"random-case\""),
            "{at}: no Random case button"
        );
        let data = page_data(&page);
        let cases = data["generated"].as_array().unwrap();
        assert!(cases.len() >= 5, "{at}: {} generated cases", cases.len());
        let mut distinct = std::collections::BTreeSet::new();
        for case in cases {
            let command = case["command"].as_str().unwrap();
            let input = case["input"].as_str().unwrap();
            let words: Vec<&str> = command.split(' ').collect();
            let [_, _, "gen", name, "--seed", seed, "--case", number] = words[..] else {
                panic!("{at}: {command}");
            };
            assert_eq!(name, at);
            let printed = xtask::stress::generate::generated(
                name,
                seed.parse().unwrap(),
                number.parse().unwrap(),
            )
            .unwrap();
            assert_eq!(input, printed, "{command}");
            assert!(input.len() <= pages::GENERATED_BYTES, "{command}");
            distinct.insert(input.to_owned());
        }
        // Different cases, not one case repeated.
        assert!(
            distinct.len() >= 5,
            "{at}: {} distinct cases",
            distinct.len()
        );
    }
}

#[test]
fn the_games_pages_have_a_play_section_wired_to_the_modules_classes() {
    let site = site();
    let games = [
        ("sweets", "SweetsPlay"),
        ("gam", "GamPlay"),
        ("statues", "StatuesPlay"),
    ];
    let script = read(&site.dir.join("play.js"));
    let glue = read(&site.dir.join("pkg/playground.js"));
    for &problem in PROBLEMS {
        let page = read(&site.dir.join(pages::file_of(problem)));
        let at = problem.name();
        let class = games
            .iter()
            .find(|(name, _)| *name == at)
            .map(|(_, class)| *class);
        let ids = ["play-side", "play-start", "play-board", "play-status"];
        for id in ids {
            let found = page.matches(&format!("id=\"{id}\"")).count();
            assert_eq!(found, usize::from(class.is_some()), "{at}: {id}");
        }
        // Several cells make a move in sweets and gam: a button confirms it.
        assert_eq!(
            page.contains("id=\"play-move\""),
            matches!(at, "sweets" | "gam"),
            "{at}"
        );
        if let Some(class) = class {
            // The class the script makes is one the module exports.
            assert!(
                script.contains(&format!("new pkg.{class}(")),
                "{at}: {class}"
            );
            assert!(
                glue.contains(&format!("export class {class} ")),
                "{at}: {class}"
            );
        }
    }
    let page_script = read(&site.dir.join("playground.js"));
    assert!(page_script.contains("from './play.js'"), "{page_script}");
}

#[test]
fn the_bindings_writer_pins_the_wasm_bindgen_the_playground_pins() {
    let root = xtask::project_root();
    let metadata = xtask::build::metadata(&root).unwrap();
    let version = wasm::agreed_version(&metadata).unwrap();
    assert!(version.starts_with("0.2."), "{version}");
}

/// The server's whole answer to a `GET` of `target`.
fn get(address: std::net::SocketAddr, target: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    write!(stream, "GET {target} HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn the_server_serves_the_site_and_nothing_outside_it() {
    let site = site();
    let server = serve::Server::bind(&site.dir).unwrap();
    let address = server.address().unwrap();
    assert!(address.ip().is_loopback());
    let targets = [
        "/",
        "/pkg/playground_bg.wasm",
        "/worker.js",
        "/../Cargo.toml",
    ];
    let serving = std::thread::spawn(move || {
        for _ in targets {
            server.answer_next().unwrap();
        }
    });
    let index = get(address, "/");
    assert!(index.starts_with("HTTP/1.1 200 OK\r\n"), "{index}");
    assert!(index.contains("text/html") && index.contains("<ul class=\"problems\">"));
    let module = get(address, "/pkg/playground_bg.wasm");
    assert!(
        module.contains("Content-Type: application/wasm\r\n"),
        "{}",
        &module[..200]
    );
    assert!(module.contains(&format!("Content-Length: {}\r\n", site.wasm_bytes)));
    let worker = get(address, "/worker.js");
    assert!(worker.contains("Content-Type: text/javascript"), "{worker}");
    let outside = get(address, "/../Cargo.toml");
    assert!(outside.starts_with("HTTP/1.1 404"), "{outside}");
    serving.join().unwrap();
}

#[test]
fn the_scripts_are_valid_javascript_modules() {
    // node (which the tests need anyway, for judging JavaScript solutions) parses each
    // script as a module without running it.
    let site = site();
    let scratch = tempfile::tempdir().unwrap();
    for name in [
        "playground.js",
        "play.js",
        "steps.js",
        "worker.js",
        "pkg/playground.js",
    ] {
        let copy = scratch
            .path()
            .join(name.replace('/', "-").replace(".js", ".mjs"));
        std::fs::copy(site.dir.join(name), &copy).unwrap();
        let output = std::process::Command::new("node")
            .arg("--check")
            .arg(&copy)
            .output()
            .unwrap_or_else(|error| panic!("running node: {error}"));
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
