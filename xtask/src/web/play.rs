//! The Play section of the pages of sweets, gam and statues: the controls `play.js`
//! brings to life, where the reader plays the input above against the proven strategy
//! (`crates/playground/src/play/`). Other problems have none. The ids are the ones the
//! browser tests drive: `play-side`, `play-start`, `play-board`, `play-move`,
//! `play-status` (and `play-test`, `play-steps` where the game needs them).

/// The Play section of `problem`'s page, if it has one: its controls are the game's own
/// (`playground::play::GAMES`).
pub fn section(problem: &str) -> Option<String> {
    let playground::play::Controls {
        sides,
        extra,
        intro,
        confirmed,
    } = *playground::play::controls(problem)?;
    let mut html = format!(
        "<section class=\"play\" id=\"play\" aria-labelledby=\"play-heading\">\n\
         <h2 id=\"play-heading\">Play</h2>\n<p>{intro}</p>\n<div class=\"actions\">\
         <label for=\"play-side\">You play</label> <select id=\"play-side\">"
    );
    for (value, label) in sides {
        html.push_str(&format!("<option value=\"{value}\">{label}</option>"));
    }
    html.push_str(&format!(
        "</select> {extra} <button type=\"button\" id=\"play-start\">Start</button></div>\n\
         <div id=\"play-board\" class=\"play-board\" role=\"group\" aria-label=\"the \
         board\"></div>\n"
    ));
    if confirmed {
        html.push_str(
            "<div class=\"actions\"><button type=\"button\" id=\"play-move\" \
             disabled>Move</button> <button type=\"button\" id=\"play-clear\" \
             disabled>Clear selection</button></div>\n",
        );
    } else {
        html.push_str(&steps());
    }
    html.push_str("<p id=\"play-status\" role=\"status\" aria-live=\"polite\"></p>\n</section>\n");
    Some(html)
}

/// Maria's nine moves as buttons, in the keyboard's layout, each with its key.
fn steps() -> String {
    let moves = [
        (-1, -1, "↖", "up and left", 'Q'),
        (-1, 0, "↑", "up", 'W'),
        (-1, 1, "↗", "up and right", 'E'),
        (0, -1, "←", "left", 'A'),
        (0, 0, "•", "stay", 'S'),
        (0, 1, "→", "right", 'D'),
        (1, -1, "↙", "down and left", 'Z'),
        (1, 0, "↓", "down", 'X'),
        (1, 1, "↘", "down and right", 'C'),
    ];
    let mut html = String::from(
        "<div id=\"play-steps\" class=\"play-steps\" role=\"group\" aria-label=\"Maria's \
         moves\">",
    );
    for (rows, columns, arrow, name, key) in moves {
        html.push_str(&format!(
            "<button type=\"button\" data-step=\"{rows},{columns}\" aria-label=\"{arrow} {key}: \
             {name}\" disabled>{arrow} {key}</button>"
        ));
    }
    html.push_str("</div>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_games_have_their_controls_and_the_others_none() {
        for problem in ["sweets", "gam", "statues"] {
            let html = section(problem).unwrap();
            for id in ["play-side", "play-start", "play-board", "play-status"] {
                assert!(html.contains(&format!("id=\"{id}\"")), "{problem}: {id}");
            }
            // A move of several cells is confirmed; Maria's moves are single.
            assert_eq!(html.contains("id=\"play-move\""), problem != "statues");
            assert_eq!(
                html.matches("data-step=").count(),
                if problem == "statues" { 9 } else { 0 }
            );
        }
        assert!(section("gam").unwrap().contains("id=\"play-test\""));
        for &problem in problems::PROBLEMS {
            let game = playground::play::GAMES
                .iter()
                .any(|(name, _)| *name == problem.name());
            assert_eq!(
                section(problem.name()).is_some(),
                game,
                "{}",
                problem.name()
            );
        }
    }
}
