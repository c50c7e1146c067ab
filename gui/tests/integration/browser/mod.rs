//! Every game in a real Chromium: the page loads with the start position's
//! cells and pieces, moves are played by clicking (a multi-leg move in
//! each game that has them, a Parallel Worlds turn of three sub-moves on
//! three levels), the engine answers and the board changes, and a
//! screenshot is saved. Without Chromium and chromedriver these tests say
//! so and pass, except under CI (`ARCANA_REQUIRE_BROWSER`).

mod details;
mod page;
mod trust;

use page::Page;
use serde_json::json;

#[tokio::test]
async fn chess_plays_the_engine_and_promotes_through_the_chooser() {
    let Some(page) = Page::open("chess", "").await else {
        return;
    };
    assert_eq!(page.count("[data-square]").await, 64);
    assert_eq!(page.count("[data-piece]").await, 32);
    assert_eq!(page.piece("e2").await.as_deref(), Some("P"));
    page.click("e2").await;
    assert!(page.is_destination("e4").await);
    assert!(page.is_destination("e3").await);
    assert!(!page.is_destination("e5").await);
    page.click("e4").await;
    page.wait_turns(2).await;
    assert_eq!(page.piece("e4").await.as_deref(), Some("P"));
    assert_eq!(page.piece("e2").await, None);
    assert_eq!(page.count("[data-piece]").await, 32);
    assert!(page.fen().await.contains(" w "), "White to move again");
    show_destinations(&page).await;
    page.screenshot("chess").await;

    // A promotion opens a chooser; the knight is chosen.
    page.load(
        "chess",
        "&mode=human&fen=k7/4P3/8/8/8/8/8/KR6%20w%20-%20-%200%201",
    )
    .await;
    page.click("e7").await;
    page.click("e8").await;
    assert_eq!(page.count("[data-choice]").await, 4);
    page.click_css("[data-choice=\"n\"]").await;
    page.wait_turns(1).await;
    assert_eq!(page.piece("e8").await.as_deref(), Some("N"));

    // An illegal typed move is refused with a message; the game stays.
    let fen = page.fen().await;
    page.js(
        "document.getElementById('typed').value = arguments[0]; \
         document.getElementById('play-typed').click();",
        vec![json!("a1a5")],
    )
    .await;
    page.wait(
        "the refusal",
        "return document.getElementById('message').textContent.includes('a1a5')",
        vec![],
    )
    .await;
    assert_eq!(page.fen().await, fen);
    page.close().await;
}

/// A Magician FEN where the hole d2 can swap with c2, whose knight may be
/// carried or fall (two spells, a chooser).
const MAGICIAN_SPELLS: &str = "r2k2r/p1p1*mp/*2mnn*/*p3**/*N1M2*/PPN*PPP/1KR1M1R w ag - 1 11";

#[tokio::test]
async fn magician_casts_a_spell_whose_piece_falls() {
    let Some(page) = Page::open("magician", "").await else {
        return;
    };
    assert_eq!(page.count("[data-square]").await, 49);
    assert_eq!(page.count("[data-hole]").await, 9);
    assert_eq!(page.count("[data-piece]").await, 26);
    page.click("c2").await;
    assert!(page.is_destination("c3").await);
    page.click("c3").await;
    page.wait_turns(2).await;
    assert_eq!(page.piece("c3").await.as_deref(), Some("P"));
    show_destinations(&page).await;
    page.screenshot("magician").await;

    let query = format!("&mode=human&fen={}", encode(MAGICIAN_SPELLS));
    page.load("magician", &query).await;
    assert_eq!(page.count("[data-hole][data-square=\"d2\"]").await, 1);
    // The hole is the spell's first click, its target the second.
    page.click("d2").await;
    assert!(page.is_destination("c2").await);
    assert!(page.is_destination("e2").await);
    page.click("c2").await;
    // Carry or fall: a chooser.
    assert_eq!(page.count("[data-choice]").await, 2);
    page.click_css("[data-choice=\"x\"]").await;
    page.wait(
        "the knight's fall",
        "return document.body.dataset.fell === 'N@c2'",
        vec![],
    )
    .await;
    // The hole moved: c2 is one now, d2 an empty square.
    assert_eq!(page.count("[data-hole][data-square=\"c2\"]").await, 1);
    assert_eq!(page.count("[data-hole][data-square=\"d2\"]").await, 0);
    assert_eq!(page.piece("d2").await, None);
    engine_answers(&page, 2).await;
    page.close().await;
}

/// A Vanguard FEN where the piece on h8 shoots f7 (`h8f7,f7h8`).
const VANGUARD_SHOT: &str = "15k/16/16/16/16/16/5br9/7p1n6/7A8/5p3P6/5B10/16/16/16/16/K15 w - 0 1";

#[tokio::test]
async fn vanguard_shoots_in_two_legs_and_reports_its_speed() {
    let Some(page) = Page::open("vanguard", "").await else {
        return;
    };
    assert_eq!(page.count("[data-square]").await, 256);
    assert_eq!(page.count("[data-piece]").await, 96);
    // Click-to-highlight on the full start position (benchmark: printed,
    // not asserted; the machines are shared and noisy).
    let mut highlight = Vec::new();
    for _ in 0..5 {
        page.js("delete document.body.dataset.highlightMs", vec![])
            .await;
        page.click("a3").await;
        page.wait(
            "the highlight time",
            "return document.body.dataset.highlightMs !== undefined",
            vec![],
        )
        .await;
        assert!(page.is_destination("a5").await);
        highlight.push(ms(page.data("highlightMs").await));
        page.click("a3").await; // deselects
    }
    page.click("a3").await;
    page.click("a5").await;
    page.wait_turns(2).await;
    assert_eq!(page.piece("a5").await.as_deref(), Some("P"));
    let reply = ms(page.data("replyMs").await);
    let ready = ms(page.data("readyMs").await);
    highlight.sort_unstable();
    let figures = format!(
        "Vanguard start position in Chromium: page ready {ready} ms after navigation, \
         click to destinations drawn {highlight:?} ms (median {}), engine reply to move drawn {reply} ms",
        highlight[2]
    );
    eprintln!("benchmark: {figures}");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("gui-speed.txt"), format!("{figures}\n")).expect("written");
    show_destinations(&page).await;
    page.screenshot("vanguard").await;

    // The legend: the Archer alone on the board and its twelve squares.
    page.click_css("[data-legend=\"A\"]").await;
    page.wait(
        "the Archer's diagram",
        "const d = document.getElementById('diagram'); \
         return !d.hidden && d.dataset.letter === 'A' \
           && d.querySelectorAll('.cell.dest').length === 12",
        vec![],
    )
    .await;
    page.screenshot("vanguard-legend").await;

    let query = format!("&mode=human&fen={}", encode(VANGUARD_SHOT));
    page.load("vanguard", &query).await;
    page.click("h8").await;
    page.click("f7").await;
    // The second leg goes back: the shooter stays, the target is gone.
    assert!(page.is_destination("h8").await);
    page.click("h8").await;
    page.wait_turns(1).await;
    assert_eq!(page.piece("h8").await.as_deref(), Some("A"));
    assert_eq!(page.piece("f7").await, None);
    engine_answers(&page, 2).await;
    page.close().await;
}

/// An Advanced Wizard FEN where White places a Warrior from the reserve
/// (`W@Eb2`) and then moves it.
const WIZARD_PLACEMENT: &str = "z8/9/9/9/9/9/9/6h~g~1/4Z4|9/9/9/9/9/9/9/9/9 w Z W - 0 1";

/// Crazyhouse: the pockets are drawn with their counts; a piece in hand
/// picked, then a marked square, is dropped; the engine answers. Shogi: a
/// move into the zone asks whether to promote, and the promoted piece is
/// marked.
#[tokio::test]
async fn pockets_drop_pieces_and_shogi_asks_to_promote() {
    let Some(page) = Page::open(
        "crazyhouse",
        &format!(
            "&mode=play&fen={}",
            encode("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[NNp] w KQkq - 0 1")
        ),
    )
    .await
    else {
        return;
    };
    assert_eq!(page.count("[data-hand]").await, 2);
    assert_eq!(
        page.count("[data-hand=\"w\"] [data-hand-piece=\"N\"]")
            .await,
        1
    );
    let count = page
        .js(
            "return document.querySelector('[data-hand-piece=\"N\"] .count').textContent",
            vec![],
        )
        .await;
    assert_eq!(count.as_str(), Some("2"));
    // Nothing is marked until a piece in hand is picked.
    assert!(!page.is_destination("d4").await);
    page.click_css("[data-hand-piece=\"N\"]").await;
    assert!(page.is_destination("d4").await);
    assert!(!page.is_destination("e4").await, "an occupied square");
    page.click("d5").await;
    page.wait_turns(2).await;
    assert_eq!(page.piece("d5").await.as_deref(), Some("N"));
    let count = page
        .js(
            "const c = document.querySelector('[data-hand=\"w\"] [data-hand-piece=\"N\"] .count'); \
             return c ? c.textContent : null",
            vec![],
        )
        .await;
    assert_eq!(count.as_str(), Some("1"), "one knight left in hand");
    page.screenshot("crazyhouse").await;

    page.load(
        "shogi",
        &format!(
            "&mode=human&fen={}",
            encode("4k4/9/9/2S6/9/9/9/9/4K4[] w - - 0 1")
        ),
    )
    .await;
    // Empty pockets keep their place and say so.
    assert_eq!(page.count("[data-hand] .hand-empty").await, 2);
    page.click("c6").await;
    page.click("c7").await;
    assert_eq!(page.count("[data-choice]").await, 2);
    page.click_css("[data-choice=\"+\"]").await;
    page.wait_turns(1).await;
    assert!(
        page.fen().await.starts_with("4k4/9/2+S6/"),
        "{}",
        page.fen().await
    );
    let mark = page
        .js(
            "return document.querySelector('[data-square=\"c7\"] .mark').textContent",
            vec![],
        )
        .await;
    assert_eq!(mark.as_str(), Some("+"));

    // S-chess: a first move off the first rank offers to gate a piece in
    // hand on the square left.
    page.load("seirawan", "&mode=human").await;
    page.click("b1").await;
    page.click("c3").await;
    assert_eq!(page.count("[data-choice]").await, 3);
    let words = page
        .js(
            "return [...document.querySelectorAll('[data-choice]')].map(b => b.title).join('|')",
            vec![],
        )
        .await;
    assert!(
        words.as_str().is_some_and(|w| w.contains("on b1")),
        "{words}"
    );
    page.click_css("[data-choice=\"h\"]").await;
    page.wait_turns(1).await;
    assert_eq!(page.piece("b1").await.as_deref(), Some("H"));

    // Othello: with no drop that encloses, the side passes by a button.
    page.load(
        "flipello",
        &format!(
            "&mode=human&fen={}",
            encode("pppppppp/ppppppp1/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/Pppppppp[PPPPp] w - - 0 31")
        ),
    )
    .await;
    page.click_css("#pass").await;
    page.wait_turns(1).await;
    assert!(page.fen().await.contains(" b "), "{}", page.fen().await);
    // A turn of drops alone comes from the pockets: no captured piece is
    // said to come back first, and a drop square takes the drop.
    page.load("flipello", "&mode=human").await;
    assert_eq!(page.count("#placement-due").await, 0);
    page.click("e3").await;
    page.wait_turns(1).await;
    assert_eq!(page.piece("e4").await.as_deref(), Some("P"), "e4 turned");

    // Sittuyin: the last pawn promotes where it stands by a second click
    // on it (a move from its square to its square, which is no pass).
    page.load(
        "sittuyin",
        &format!(
            "&mode=human&fen={}",
            encode("7k/8/8/8/8/8/P7/4K3[] w - - 0 1")
        ),
    )
    .await;
    assert_eq!(page.count("#pass").await, 0);
    page.click("a2").await;
    assert!(page.is_destination("a2").await, "promotion in place");
    assert!(page.is_destination("b3").await, "promotion by a step");
    page.click("a2").await;
    page.wait_turns(1).await;
    assert_eq!(page.piece("a2").await.as_deref(), Some("F"));
    page.close().await;
}

#[tokio::test]
async fn advanced_wizard_places_then_moves_and_black_starts() {
    let Some(page) = Page::open("advancedwizard", "").await else {
        return;
    };
    assert_eq!(page.count("[data-square]").await, 162);
    assert_eq!(page.count("[data-board]").await, 2);
    assert_eq!(page.count("[data-piece]").await, 52);
    assert!(page.fen().await.contains(" b "), "Black moves first");
    page.click("Ec8").await;
    page.click("Ec6").await;
    page.wait_turns(2).await;
    assert_eq!(page.piece("Ec6").await.as_deref(), Some("w"));
    show_destinations(&page).await;
    page.screenshot("advancedwizard").await;

    let query = format!("&mode=human&fen={}", encode(WIZARD_PLACEMENT));
    page.load("advancedwizard", &query).await;
    // The X squares are marked.
    assert_eq!(page.count(".xsq").await, 14);
    assert!(page.is_destination("Eb2").await, "a placement square");
    // The placement, then the turn's action: the placed Warrior moves on.
    page.click("Eb2").await;
    page.click("Eb2").await;
    assert!(page.is_destination("Ea3").await);
    page.click("Ea3").await;
    page.wait_turns(1).await;
    assert_eq!(page.piece("Ea3").await.as_deref(), Some("W"));
    assert_eq!(page.piece("Eb2").await, None);
    engine_answers(&page, 2).await;
    page.close().await;
}

#[tokio::test]
async fn parallel_worlds_turns_are_built_sub_move_by_sub_move() {
    let Some(page) = Page::open("parallelworlds", "").await else {
        return;
    };
    assert_eq!(page.count("[data-square]").await, 192);
    assert_eq!(page.count("[data-board]").await, 3);
    assert_eq!(page.count("[data-piece]").await, 64);
    // White's first turn has two sub-moves, then ends by itself.
    page.click("1e2").await;
    page.click("1e4").await;
    page.wait(
        "the first sub-move shown",
        "return document.body.dataset.status === 'ready' && arcana.state.pending.length === 1",
        vec![],
    )
    .await;
    assert_eq!(page.piece("1e4").await.as_deref(), Some("P"));
    page.click("3d2").await;
    page.click("3d4").await;
    page.wait_turns(2).await;
    // A turn of three sub-moves ending on levels 1, 2 and 3.
    for (i, level) in ["1", "2", "3"].into_iter().enumerate() {
        let filter = format!("(from, to) => to[0] === '{level}'");
        let moves = page.simple_moves(&filter).await;
        let (from, to) = moves
            .first()
            .unwrap_or_else(|| panic!("no sub-move to level {level}"))
            .clone();
        page.click(&from).await;
        page.click(&to).await;
        if i < 2 {
            page.wait(
                "the sub-move shown",
                "return document.body.dataset.status === 'ready' \
                 && arcana.state.pending.length === arguments[0]",
                vec![json!(i + 1)],
            )
            .await;
            assert!(page.piece(&to).await.is_some(), "{from}-{to} drawn");
            assert_eq!(page.count("#end-turn").await, 1, "the turn may end here");
        }
    }
    page.wait_turns(4).await;
    // The engine's turn is marked on the boards, every sub-move of it.
    assert!(page.count("#boards .cell.last").await >= 2);
    show_destinations(&page).await;
    page.screenshot("parallelworlds").await;
    page.close().await;
}

/// The "Engine move" button: the engine plays the side to move and the
/// board shows `turns` turns.
async fn engine_answers(page: &Page, turns: usize) {
    let fen = page.fen().await;
    page.click_css("#go").await;
    page.wait_turns(turns).await;
    assert_ne!(page.fen().await, fen, "the board changed");
}

/// Selects a piece of the side to move that has moves, so that a
/// screenshot shows its destinations.
async fn show_destinations(page: &Page) {
    let moves = page.simple_moves("(from, to) => true").await;
    let (from, to) = moves.last().expect("a move").clone();
    page.click(&from).await;
    assert!(page.is_destination(&to).await);
}

/// A FEN in a query string.
pub(super) fn encode(fen: &str) -> String {
    fen.replace('%', "%25")
        .replace(' ', "%20")
        .replace('*', "%2A")
        .replace('|', "%7C")
        .replace('~', "%7E")
        .replace('+', "%2B")
        .replace('[', "%5B")
        .replace(']', "%5D")
}

fn ms(v: Option<String>) -> u64 {
    v.and_then(|s| s.parse().ok()).expect("a figure in ms")
}

/// A game written in a definition, pasted into the page: it joins the
/// menu, its board has its holes, a move is played by clicking and the
/// engine answers; a broken definition shows its error with its line, and
/// beside good ones it is listed under the box while they load.
#[tokio::test]
async fn a_pasted_definition_joins_the_menu_and_plays() {
    let Some(page) = Page::open("chess", "").await else {
        return;
    };
    let set_text = "document.getElementById('define').open = true; \
                    document.getElementById('define-text').value = arguments[0]; \
                    document.getElementById('define-load').click(); return true";
    page.js(
        set_text,
        vec![json!("[broken]\nking = k\ncustomPiece1 = a:Xz\n")],
    )
    .await;
    page.wait(
        "the definition's error with its line",
        "return document.getElementById('message').textContent.includes('pasted.ini:3:')",
        vec![],
    )
    .await;
    // The broken section beside good ones: the good ones load, and the
    // broken one is listed under the box with its line and the summary.
    let text = format!(
        "[broken]\nking = k\ncustomPiece1 = a:Xz\n\n{}",
        include_str!("../../../../docs/variants/examples.ini")
    );
    page.js(set_text, vec![json!(text)]).await;
    page.wait(
        "the games in the menu",
        "return [...document.getElementById('variant').options].some(o => o.value === 'crossboard')",
        vec![],
    )
    .await;
    page.wait(
        "the section that does not load, under the box",
        "const e = document.getElementById('define-errors'); \
         return !e.hidden && e.textContent.includes('pasted.ini:3: [broken]') \
             && e.textContent.includes('4 of 5 games load')",
        vec![],
    )
    .await;
    page.screenshot("defined-errors").await;
    // The first game loaded (Archers) is on the board; then the holed one.
    page.wait(
        "Archers",
        "return document.body.dataset.fen.startsWith('rabqkbar/')",
        vec![],
    )
    .await;
    page.js(
        "const s = document.getElementById('variant'); s.value = 'crossboard'; \
         s.dispatchEvent(new Event('change')); return true",
        vec![],
    )
    .await;
    page.wait(
        "the holed board",
        "return document.body.dataset.variant === 'crossboard'",
        vec![],
    )
    .await;
    assert_eq!(page.count("[data-piece]").await, 20);
    page.click("d1").await;
    assert!(page.is_destination("c3").await);
    assert!(!page.is_destination("b2").await, "a hole is no destination");
    page.click("c3").await;
    // The engine plays Black at once.
    page.wait_turns(2).await;
    assert_eq!(page.piece("c3").await.as_deref(), Some("N"));
    page.screenshot("defined-crossboard").await;
    // A reload keeps the tab's games: the page loads them again first.
    page.load("crossboard", "").await;
    assert_eq!(page.count("[data-piece]").await, 20);
    // A defined 16x16 board fits a phone's screen, as the built-in ones.
    page.load("chess16", "&mode=human").await;
    page.resize(390, 844).await;
    page.screenshot("fit-chess16-phone").await;
    let (w, h, [left, top, right, bottom]) = page.extent("#boards .board").await;
    assert!(
        left >= 0.0 && top >= 0.0 && right <= w + 0.5 && bottom <= h + 0.5,
        "the 16x16 board at {left},{top}..{right},{bottom} in {w}x{h}"
    );
    let used = ((right - left) / w).max((bottom - top) / h);
    assert!(used > 0.55, "the board uses {used:.2} of the phone");
    page.close().await;
}
