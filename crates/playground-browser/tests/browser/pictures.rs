//! Pictures that fit: on a laptop's screen and on a phone, the proof's picture and the
//! frames of "Step through the proof" show whole and readable. Each is at most its own
//! width (never blown up), its box never cuts it off below, its smallest text is drawn
//! at least [`READABLE_TEXT`] pixels high, and where it is wider than the column its box
//! scrolls sideways and can be reached and scrolled from the keyboard (a tab stop with a
//! name). On the laptop a frame fits the column and the window whole. The text of the
//! ladders' picture stands out from the square it is written on by 4.5:1 at least.

use std::time::Duration;

use anyhow::{Result, ensure};
use playground_browser::browser::{DESKTOP, Session, VIEWPORTS, Viewport};
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};
use playground_browser::site;
use serde_json::{Value, json};

use crate::{Test, problems};

pub const TESTS: &[Test] = &[
    (
        "pictures::every_picture_and_frame_shows_whole_and_readable_at_both_viewports",
        every_picture_and_frame_shows_whole_and_readable_at_both_viewports,
    ),
    (
        "pictures::the_ladders_picture_text_stands_out_by_4_5_to_1",
        the_ladders_picture_text_stands_out_by_4_5_to_1,
    ),
];

/// The least height, in CSS pixels, of the box of a picture's smallest text as drawn.
const READABLE_TEXT: f64 = 10.0;
/// WCAG's least contrast for text of ordinary size.
const LEAST_CONTRAST: f64 = 4.5;
const DRAW_TIMEOUT: Duration = Duration::from_secs(10);

/// The measures of the image `arguments[0]` names, as drawn: its box and the SVG's own
/// size, whether its box cuts it off or scrolls, and the height of its smallest text
/// (the same SVG drawn at the image's size in a probe off the page, each `<text>`
/// measured with `getBoundingClientRect`).
const MEASURE: &str = r#"
const done = arguments[arguments.length - 1];
const img = document.getElementById(arguments[0]);
const box = img.closest('.picture');
const rect = img.getBoundingClientRect();
const boxRect = box.getBoundingClientRect();
const style = getComputedStyle(box);
fetch(img.src).then(r => r.text()).then(svgText => {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;left:-20000px;top:0';
  probe.innerHTML = svgText;
  const svg = probe.querySelector('svg');
  svg.setAttribute('width', String(rect.width));
  svg.setAttribute('height', String(rect.height));
  document.body.append(probe);
  const heights = [...svg.querySelectorAll('text')]
    .filter(t => t.textContent.trim() !== '')
    .map(t => t.getBoundingClientRect().height);
  probe.remove();
  done({
    width: rect.width, height: rect.height,
    naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
    boxWidth: boxRect.width,
    scrollWidth: box.scrollWidth, clientWidth: box.clientWidth,
    scrollHeight: box.scrollHeight, clientHeight: box.clientHeight,
    overflowX: style.overflowX,
    tabIndex: box.getAttribute('tabindex'),
    label: box.getAttribute('aria-label') || box.getAttribute('aria-labelledby') || '',
    smallestText: heights.length ? Math.min(...heights) : null,
    texts: heights.length,
    windowHeight: innerHeight, windowWidth: document.documentElement.clientWidth,
  });
}).catch(e => done({ error: String(e) }));
"#;

/// Solves the first sample of `problem` and waits for the first frame.
fn solve_first_sample(session: &Session, problem: &str) -> Result<()> {
    let page = Playground::open(session, problem)?;
    page.choose_sample(0)?;
    let status = page.solve(SAMPLE_TIMEOUT)?;
    ensure!(!status.is_error, "{problem}: {}", status.text);
    wait_for_frame(session, problem, "")
}

/// Waits until the frame shown is drawn, with a caption other than `before`.
fn wait_for_frame(session: &Session, problem: &str, before: &str) -> Result<()> {
    session.wait_until(
        &format!("{problem}'s frame"),
        &format!(
            "const picture = document.getElementById('step-picture');\
             return !document.getElementById('steps').hidden \
             && document.getElementById('step-caption').textContent !== {} \
             && picture.complete && picture.naturalWidth > 0",
            json!(before)
        ),
        DRAW_TIMEOUT,
    )?;
    // The new source's image is laid out after it decodes.
    std::thread::sleep(Duration::from_millis(100));
    Ok(())
}

fn measure(session: &Session, id: &str) -> Result<Value> {
    let measured = session.script_async(MEASURE, vec![json!(id)])?;
    ensure!(measured.get("error").is_none(), "{id}: {measured}");
    Ok(measured)
}

/// What is wrong with one measured picture, if anything.
fn faults(measured: &Value, viewport: Viewport, is_frame: bool) -> Vec<String> {
    let number = |key: &str| measured[key].as_f64().unwrap_or(f64::NAN);
    let mut faults = Vec::new();
    if number("width") > number("naturalWidth") + 1.0 {
        faults.push(format!(
            "blown up to {:.0} px from its {:.0}",
            number("width"),
            number("naturalWidth")
        ));
    }
    if number("scrollHeight") > number("clientHeight") + 1.0 {
        faults.push(format!(
            "cut off below: {:.0} px of {:.0} shown",
            number("clientHeight"),
            number("scrollHeight")
        ));
    }
    match measured["smallestText"].as_f64() {
        Some(text) if text >= READABLE_TEXT => {}
        text => faults.push(format!("its smallest text is {text:?} px high")),
    }
    let overflows = number("scrollWidth") > number("clientWidth") + 1.0;
    if overflows {
        if viewport == DESKTOP {
            faults.push(format!(
                "wider than its column: {:.0} px in {:.0}",
                number("scrollWidth"),
                number("clientWidth")
            ));
        }
        if !matches!(measured["overflowX"].as_str(), Some("auto" | "scroll")) {
            faults.push("cut off at the side, its box does not scroll".into());
        }
        if measured["tabIndex"] != json!("0") || measured["label"] == json!("") {
            faults.push("its scrolling box is no named tab stop".into());
        }
    }
    if is_frame && viewport == DESKTOP && number("height") > number("windowHeight") {
        faults.push(format!(
            "{:.0} px high in a {:.0} px window",
            number("height"),
            number("windowHeight")
        ));
    }
    faults
}

fn every_picture_and_frame_shows_whole_and_readable_at_both_viewports(
    session: &Session,
) -> Result<()> {
    let screenshots = site::screenshot_dir()?;
    let mut all_faults = Vec::new();
    for viewport in VIEWPORTS {
        session.at_viewport(viewport, || {
            for problem in problems() {
                solve_first_sample(session, problem)?;
                let mut shown = vec![("picture", measure(session, "picture")?, false)];
                shown.push(("first frame", measure(session, "step-picture")?, true));
                let caption = session.text("#step-caption")?;
                session.script(
                    "const slider = document.getElementById('step-slider');\
                     slider.value = slider.max;\
                     slider.dispatchEvent(new Event('input', { bubbles: true }));",
                    Vec::new(),
                )?;
                let single = session.script(
                    "return document.getElementById('step-slider').max === '0'",
                    Vec::new(),
                )? == Value::Bool(true);
                if !single {
                    wait_for_frame(session, problem, &caption)?;
                    shown.push(("last frame", measure(session, "step-picture")?, true));
                }
                session.script(
                    "document.getElementById('step-picture').scrollIntoView({ block: 'start' })",
                    Vec::new(),
                )?;
                session.screenshot(
                    &screenshots.join(format!("{problem}-frame-{}.png", viewport.name)),
                )?;
                for (what, measured, is_frame) in shown {
                    println!(
                        "  {:<7} {problem:<15} {what:<11} {:>4.0} x {:<4.0} of {:>4} x {:<4} \
                         in a {:>4.0} px box, smallest text {:>4.1} px",
                        viewport.name,
                        measured["width"].as_f64().unwrap_or_default(),
                        measured["height"].as_f64().unwrap_or_default(),
                        measured["naturalWidth"],
                        measured["naturalHeight"],
                        measured["clientWidth"].as_f64().unwrap_or_default(),
                        measured["smallestText"].as_f64().unwrap_or_default(),
                    );
                    for fault in faults(&measured, viewport, is_frame) {
                        all_faults.push(format!("{} {problem} {what}: {fault}", viewport.name));
                    }
                }
            }
            Ok(())
        })?;
    }
    ensure!(
        all_faults.is_empty(),
        "pictures that do not fit:\n{}",
        all_faults.join("\n")
    );
    Ok(())
}

/// Every text of the SVG the image `arguments[0]` shows, with its colour and the colour
/// of the last rectangle under its middle (the square it is written on, or the paper).
const TEXT_ON_GROUND: &str = r#"
const done = arguments[arguments.length - 1];
fetch(document.getElementById(arguments[0]).src).then(r => r.text()).then(svgText => {
  const svg = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
  const size = (value, whole) => value.endsWith('%') ? whole * parseFloat(value) / 100 : parseFloat(value);
  const width = parseFloat(svg.getAttribute('width'));
  const height = parseFloat(svg.getAttribute('height'));
  const found = [];
  let ground = [];
  for (const element of svg.querySelectorAll('rect, text')) {
    if (element.tagName === 'rect') {
      const fill = element.getAttribute('fill');
      if (!fill || fill === 'none') continue;
      ground.push({
        x: size(element.getAttribute('x') || '0', width),
        y: size(element.getAttribute('y') || '0', height),
        w: size(element.getAttribute('width'), width),
        h: size(element.getAttribute('height'), height),
        fill,
      });
      continue;
    }
    const x = parseFloat(element.getAttribute('x'));
    const y = parseFloat(element.getAttribute('y')) - parseFloat(element.getAttribute('font-size')) * 0.35;
    const under = ground.filter(r => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h).pop();
    found.push({ text: element.textContent, fill: element.getAttribute('fill'), ground: under ? under.fill : '#ffffff' });
  }
  done(found);
}).catch(e => done({ error: String(e) }));
"#;

fn the_ladders_picture_text_stands_out_by_4_5_to_1(session: &Session) -> Result<()> {
    let problem = "ladders";
    let page = Playground::open(session, problem)?;
    let mut weakest = f64::INFINITY;
    let mut weak = Vec::new();
    for sample in 0..page.sample_count()? {
        page.choose_sample(sample)?;
        let status = page.solve(SAMPLE_TIMEOUT)?;
        ensure!(!status.is_error, "{problem}: {}", status.text);
        wait_for_frame(session, problem, "")?;
        for id in ["picture", "step-picture"] {
            let texts = session.script_async(TEXT_ON_GROUND, vec![json!(id)])?;
            let texts = texts.as_array().cloned().unwrap_or_default();
            ensure!(!texts.is_empty(), "{id} of sample {sample} has no text");
            for text in texts {
                let (ink, ground) = (
                    text["fill"].as_str().unwrap_or_default(),
                    text["ground"].as_str().unwrap_or_default(),
                );
                let Some(ratio) = gridkit::picture::colour::read_contrast(ink, ground) else {
                    weak.push(format!("{text}: colours not read"));
                    continue;
                };
                weakest = weakest.min(ratio);
                if ratio < LEAST_CONTRAST {
                    weak.push(format!(
                        "sample {} {id}: {:?} in {ink} on {ground}: {ratio:.2}:1",
                        sample + 1,
                        text["text"].as_str().unwrap_or_default()
                    ));
                }
            }
        }
    }
    println!("  ladders: the weakest contrast of a text is {weakest:.2}:1");
    weak.dedup();
    ensure!(
        weak.is_empty(),
        "{} texts below {LEAST_CONTRAST}:1, such as:\n{}",
        weak.len(),
        weak.iter().take(12).cloned().collect::<Vec<_>>().join("\n")
    );
    Ok(())
}
