//! The board a player trusts (issue 31): every destination visible, the
//! engine's pieces out of the player's reach, choices in words, the engine
//! moved or switched off without the mode changing.

use super::encode;
use super::page::Page;
use serde_json::json;

/// The page's mark of a destination is drawn above a piece standing there.
async fn marked_around_its_piece(page: &Page, square: &str, kind: &str) {
    let classes = page.classes(square).await;
    assert!(
        classes.iter().any(|c| c == "dest") && classes.iter().any(|c| c == kind),
        "{square}: {classes:?}"
    );
    let drawn = page
        .js(
            "const c = document.querySelector(`[data-square=\"${arguments[0]}\"]`); \
             const s = getComputedStyle(c, '::before'); \
             return [s.backgroundImage, s.zIndex, s.width === getComputedStyle(c).width]",
            vec![json!(square)],
        )
        .await;
    assert!(
        drawn[0].as_str().unwrap_or("").contains("radial-gradient")
            && drawn[1] == "2"
            && drawn[2] == true,
        "{square}: the mark is not drawn around its piece: {drawn}"
    );
}

#[tokio::test]
async fn destinations_holding_pieces_are_marked_around_them() {
    let Some(page) = Page::open(
        "chess",
        &format!(
            "&mode=human&fen={}",
            encode("r6k/1P6/8/8/8/8/8/4K3 w - - 0 1")
        ),
    )
    .await
    else {
        return;
    };
    page.click("b7").await;
    marked_around_its_piece(&page, "a8", "take").await;
    page.screenshot("marks-chess-capture").await;
    assert!(!page.classes("b8").await.iter().any(|c| c == "take"));

    // Vanguard's Wizard swaps with its own pieces: marked apart.
    page.load("vanguard", "&mode=human").await;
    page.click("f1").await;
    marked_around_its_piece(&page, "e2", "swap").await;
    // A shot: the victim, then the shooter's own square to return to.
    let shot = "8k7/16/16/16/16/16/16/16/2p13/5n5b4/3p6r5/4A4Z6/2M13/16/6Q9/5W2K7 w - 0 1";
    page.load("vanguard", &format!("&mode=human&fen={}", encode(shot)))
        .await;
    page.click("e5").await;
    marked_around_its_piece(&page, "f7", "take").await;
    page.screenshot("marks-vanguard-shot").await;
    page.click("f7").await;
    marked_around_its_piece(&page, "e5", "swap").await;

    // A Magician spell's target that holds a piece.
    let spell = "rm1knmr/ppp*ppp/*5*/*2*n1*/*3M1*/PPP*PPP/RMNKN1R w AGag - 0 1";
    page.load("magician", &format!("&mode=human&fen={}", encode(spell)))
        .await;
    page.click("d4").await;
    marked_around_its_piece(&page, "e4", "take").await;
    page.close().await;
}

#[tokio::test]
async fn the_engines_pieces_are_not_the_players_and_move_now_plays_at_once() {
    let Some(page) = Page::open("chess", "&mode=play").await else {
        return;
    };
    page.send(json!({"t": "settings", "limits": {"movetime": 20000}}))
        .await;
    page.click("e2").await;
    page.click("e4").await;
    page.wait(
        "the engine thinking",
        "return document.body.dataset.status === 'thinking'",
        vec![],
    )
    .await;
    // A click on the engine's pawn selects nothing and says why.
    page.click("a7").await;
    assert!(!page.classes("a7").await.iter().any(|c| c == "sel"));
    let message = page
        .js(
            "return document.getElementById('message').textContent",
            vec![],
        )
        .await;
    assert!(
        message.as_str().unwrap().contains("engine's move"),
        "{message}"
    );
    // The server refuses it too (a page that sent it anyway).
    page.send(json!({"t": "ply", "token": "a7a5"})).await;
    page.wait(
        "the refusal",
        "return document.getElementById('message').textContent.includes(\"engine's move\") \
         && document.body.dataset.status === 'thinking'",
        vec![],
    )
    .await;
    // Move now: the engine plays at once (its limit is 20 s).
    let asked = std::time::Instant::now();
    page.click_css("#movenow").await;
    page.wait_turns(2).await;
    assert!(
        asked.elapsed().as_secs() < 10,
        "Move now took {:?}",
        asked.elapsed()
    );
    assert_ne!(
        page.piece("a5").await.as_deref(),
        Some("p"),
        "a5 was not played for the engine"
    );
    let mode = page
        .js("return document.getElementById('mode').value", vec![])
        .await;
    assert_eq!(mode, "play");
    page.close().await;
}

#[tokio::test]
async fn the_engine_switches_off_and_on_without_changing_the_mode() {
    let Some(page) = Page::open("chess", "&mode=human").await else {
        return;
    };
    page.send(json!({"t": "settings", "mode": "analysis"}))
        .await;
    page.wait(
        "analysis",
        "return document.body.dataset.status === 'thinking'",
        vec![],
    )
    .await;
    page.click_css("#engine").await;
    page.wait(
        "the engine off",
        "return document.body.dataset.status === 'ready' \
         && document.getElementById('engine').textContent === 'Engine off'",
        vec![],
    )
    .await;
    let mode = page
        .js("return document.getElementById('mode').value", vec![])
        .await;
    assert_eq!(mode, "analysis");
    page.click_css("#engine").await;
    page.wait(
        "analysis again",
        "return document.body.dataset.status === 'thinking'",
        vec![],
    )
    .await;
    page.close().await;
}

#[tokio::test]
async fn every_choice_says_what_it_does() {
    let spells = "r2k2r/p1p1*mp/*2mnn*/*p3**/*N1M2*/PPN*PPP/1KR1M1R w ag - 1 11";
    let Some(page) = Page::open("magician", &format!("&mode=human&fen={}", encode(spells))).await
    else {
        return;
    };
    page.click("d2").await;
    page.click("c2").await;
    let words = page
        .js(
            "return [...document.querySelectorAll('[data-choice]')].map(b => b.textContent)",
            vec![],
        )
        .await;
    let words: Vec<&str> = words
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert!(words.iter().any(|w| w.contains("carried")), "{words:?}");
    assert!(words.iter().any(|w| w.contains("falls")), "{words:?}");
    page.load(
        "chess",
        &format!(
            "&mode=human&fen={}",
            encode("k7/4P3/8/8/8/8/8/KR6 w - - 0 1")
        ),
    )
    .await;
    page.click("e7").await;
    page.click("e8").await;
    let words = page
        .js(
            "return [...document.querySelectorAll('[data-choice]')].map(b => b.textContent)",
            vec![],
        )
        .await;
    assert!(words.to_string().contains("promote to Queen"), "{words}");
    assert!(words.to_string().contains("promote to Knight"), "{words}");
    page.close().await;
}

/// The number of turns in the move list.
async fn turns_listed(page: &Page) -> usize {
    page.count("#moves [data-turn]").await
}

#[tokio::test]
async fn the_address_follows_the_game_and_a_reload_restores_it() {
    let Some(page) = Page::open("vanguard", "&mode=human").await else {
        return;
    };
    page.click("a3").await;
    page.click("a5").await;
    page.wait_turns(1).await;
    let search = page.js("return location.search", vec![]).await;
    let search = search.as_str().unwrap().to_string();
    assert!(
        search.contains("variant=vanguard") && search.contains("moves=a3a5"),
        "{search}"
    );
    let fen = page.fen().await;
    page.js("location.reload(); return true", vec![]).await;
    page.wait(
        "the game after the reload",
        "return document.body.dataset.status === 'ready' \
         && document.body.dataset.variant === 'vanguard' \
         && document.querySelectorAll('#moves [data-turn]').length === 1",
        vec![],
    )
    .await;
    assert_eq!(page.fen().await, fen);
    page.close().await;
}

#[tokio::test]
async fn stepping_through_a_game_loses_no_key_and_a_move_there_asks_first() {
    let Some(page) = Page::open("chess", "&mode=human&moves=e2e4+e7e5+g1f3+b8c6").await else {
        return;
    };
    assert_eq!(turns_listed(&page).await, 4);
    let shown = "return arcana.state.shown";
    // Three presses faster than the server answers: three steps.
    page.js(
        "for (let i = 0; i < 3; i++) document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'})); return true",
        vec![],
    )
    .await;
    page.wait("turn 1 shown", "return arcana.state.shown === 1", vec![])
        .await;
    let current = page
        .js(
            "return document.querySelector('#moves .current').dataset.turn",
            vec![],
        )
        .await;
    assert_eq!(current, "1", "the move shown is highlighted");
    page.js(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home'})); return true",
        vec![],
    )
    .await;
    page.wait("the start shown", "return arcana.state.shown === 0", vec![])
        .await;
    page.js(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End'})); return true",
        vec![],
    )
    .await;
    page.wait(
        "the game as it stands",
        "return arcana.state.shown === null",
        vec![],
    )
    .await;
    assert_eq!(page.js(shown, vec![]).await, serde_json::Value::Null);

    // At turn 2, the board takes a move, after asking.
    page.click_css("#moves [data-turn=\"2\"]").await;
    page.wait("turn 2 shown", "return arcana.state.shown === 2", vec![])
        .await;
    page.click("d2").await;
    assert!(
        page.is_destination("d4").await,
        "the board takes moves at an earlier turn"
    );
    page.click("d4").await;
    assert_eq!(page.count("#drop-later").await, 1, "it asks first");
    page.click_css("#keep-game").await;
    assert_eq!(turns_listed(&page).await, 4, "the game is kept");
    page.click("d2").await;
    page.click("d4").await;
    page.click_css("#drop-later").await;
    page.wait_turns(3).await;
    let tokens = page
        .js(
            "return arcana.state.history.map(t => t.token).join(' ')",
            vec![],
        )
        .await;
    assert_eq!(tokens, "e2e4 e7e5 d2d4");
    // A typed move that is refused at an earlier turn keeps the game.
    page.click_css("#moves [data-turn=\"1\"]").await;
    page.wait("turn 1 shown", "return arcana.state.shown === 1", vec![])
        .await;
    page.js(
        "document.getElementById('typed').value = 'e2e4'; \
         document.getElementById('typed').dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'})); \
         return true",
        vec![],
    )
    .await;
    page.click_css("#drop-later").await;
    page.wait(
        "the refusal",
        "return document.getElementById('message').textContent.includes('e2e4')",
        vec![],
    )
    .await;
    assert_eq!(
        turns_listed(&page).await,
        3,
        "a refused move keeps the later turns"
    );
    page.close().await;
}

/// The window sizes a player uses: a large screen, a laptop, a small
/// laptop, a phone.
const SIZES: [(u32, u32, &str); 4] = [
    (1400, 1000, "large"),
    (1366, 768, "laptop"),
    (1024, 700, "small"),
    (390, 844, "phone"),
];

#[tokio::test]
async fn the_boards_fit_every_window_and_the_panel_stays_in_reach() {
    let Some(page) = Page::open("chess", "&mode=human").await else {
        return;
    };
    for game in [
        "chess",
        "magician",
        "vanguard",
        "advancedwizard",
        "parallelworlds",
    ] {
        page.load(game, "&mode=human").await;
        for (width, height, name) in SIZES {
            page.resize(width, height).await;
            page.screenshot(&format!("fit-{game}-{name}")).await;
            let (w, h, [left, top, right, bottom]) = page.extent("#boards .board").await;
            let at = format!("{game} at {name} ({w}x{h})");
            assert!(
                left >= 0.0 && top >= 0.0,
                "{at}: the boards start off screen"
            );
            assert!(right <= w + 0.5, "{at}: the boards end at x {right}");
            let (cell, tallest, titles_whole) = board_sizes(&page).await;
            // Every board in view; or, on a narrow window where that would
            // make the cells too small to tap, one under the other, each
            // whole in view as the page scrolls.
            assert!(tallest <= h + 0.5, "{at}: a board {tallest} px high");
            if bottom > h + 0.5 {
                assert!(
                    w < 900.0 && cell >= 28.0,
                    "{at}: the boards end at y {bottom} with cells of {cell} px"
                );
            }
            if name == "phone" && ["advancedwizard", "parallelworlds"].contains(&game) {
                assert!(cell >= 28.0, "{at}: cells of {cell} px, too small to tap");
            }
            assert!(titles_whole, "{at}: a board's title is cut");
            // The boards use the room they have.
            let used = ((right - left) / w).max((bottom.min(h) - top) / h);
            assert!(used > 0.55, "{at}: the boards use {used:.2} of the window");
            if w >= 900.0 {
                // The panel beside the boards: its status in view.
                let (_, _, status) = page.extent("#status").await;
                assert!(
                    status[3] <= h && status[0] >= right,
                    "{at}: status at {status:?}"
                );
            }
        }
    }
    // On a phone the buttons sit in view under the board, in a drop game
    // (its pockets above and below the board) and in janggi (its Pass
    // button under it) too.
    for game in ["chess", "crazyhouse", "janggi", "shogi"] {
        page.load(game, "&mode=human").await;
        page.resize(390, 844).await;
        let (_, h, buttons) = page.extent("#buttons").await;
        assert!(
            buttons[3] <= h,
            "{game} on a phone: the buttons end at y {} of {h}",
            buttons[3]
        );
    }
    // A half-entered move's buttons sit under the board, in view.
    page.load("vanguard", "&mode=human").await;
    page.resize(1024, 700).await;
    let shot = "8k7/16/16/16/16/16/16/16/2p13/5n5b4/3p6r5/4A4Z6/2M13/16/6Q9/5W2K7 w - 0 1";
    page.load("vanguard", &format!("&mode=human&fen={}", encode(shot)))
        .await;
    page.click("e5").await;
    page.click("f7").await;
    let (_, h, cancel) = page.extent("#cancel").await;
    assert!(
        cancel[3] <= h,
        "the Cancel button at y {} of {h}",
        cancel[3]
    );
    page.close().await;
}

/// The width of a board's cell, the height of the tallest board (title
/// included) and whether every board's title shows whole.
async fn board_sizes(page: &Page) -> (f64, f64, bool) {
    let v = page
        .js(
            "const cell = document.querySelector('#boards .cell').getBoundingClientRect().width; \
             const tallest = Math.max(...[...document.querySelectorAll('#boards .board-wrap')] \
               .map(b => b.getBoundingClientRect().height)); \
             const whole = [...document.querySelectorAll('#boards h4')] \
               .every(h => h.scrollWidth <= h.clientWidth); \
             return [cell, tallest, whole]",
            vec![],
        )
        .await;
    (
        v[0].as_f64().expect("a cell's width"),
        v[1].as_f64().expect("a board's height"),
        v[2].as_bool().expect("whether titles show whole"),
    )
}

/// On a phone, where the boards stand one under the other, a piece's move
/// to a board out of view is pointed at, and a tap brings it in.
#[tokio::test]
async fn a_move_to_a_board_out_of_view_is_pointed_at() {
    let Some(page) = Page::open("advancedwizard", "&mode=human").await else {
        return;
    };
    page.resize(390, 844).await;
    let moves = page.simple_moves("(from, to) => from[0] !== to[0]").await;
    let (from, to) = moves.first().expect("a move between the boards").clone();
    // The piece at the window's edge away from the target's board, so that
    // the target lies out of view.
    page.js(
        "const board = (s) => [...document.querySelectorAll('#boards .board')] \
           .findIndex(b => b.querySelector(`[data-square=\"${s}\"]`) !== null); \
         const later = board(arguments[1]) > board(arguments[0]); \
         document.querySelector(`[data-square=\"${arguments[0]}\"]`) \
           .scrollIntoView({block: later ? 'end' : 'start'}); return true",
        vec![json!(from), json!(to)],
    )
    .await;
    page.click(&from).await;
    let in_view = "const r = document.querySelector(`[data-square=\"${arguments[0]}\"]`) \
                     .getBoundingClientRect(); \
                   return r.top >= 0 && r.bottom <= innerHeight";
    assert_eq!(
        page.js(in_view, vec![json!(to)]).await,
        false,
        "{to} in view"
    );
    let note = "const n = document.getElementById('offscreen'); \
                return n.hidden ? '' : n.textContent";
    let text = page.js(note, vec![]).await;
    let text = text.as_str().expect("a text");
    assert!(
        text.contains("more move") && (text.contains("below") || text.contains("above")),
        "the notice says '{text}'"
    );
    page.screenshot("offscreen-notice").await;
    page.click_css("#offscreen").await;
    // A destination on the target's board comes into view.
    page.wait(
        "a destination in view",
        "const board = [...document.querySelectorAll('#boards .board')] \
           .find(b => b.querySelector(`[data-square=\"${arguments[0]}\"]`) !== null); \
         return [...board.querySelectorAll('.cell.dest')].some(c => { \
           const r = c.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })",
        vec![json!(to)],
    )
    .await;
    // On a large screen every board is in view: no notice.
    page.resize(1400, 1000).await;
    // The first click puts the piece down, the second takes it again.
    page.click(&from).await;
    page.click(&from).await;
    assert!(page.is_destination(&to).await, "{from} selected again");
    assert_eq!(
        page.js(note, vec![]).await,
        "",
        "a notice on a large screen"
    );
    page.close().await;
}

/// A legal game of sixty turns (random moves), for a long move list.
const LONG_GAME: &str = "b2b3 h7h6 c2c3 g8f6 d1c2 g7g5 c2e4 e7e6 a2a4 h8h7 e2e3 e8e7 e4g6 b8c6 \
a4a5 c6b8 g6h6 h7h6 g1e2 f6d5 e3e4 d8e8 g2g3 b8a6 c1a3 d7d6 f2f3 e8c6 f3f4 f7f5 e1d1 e7e8 \
e2c1 e8d8 c1a2 h6h7 f1b5 a6c5 a3b2 c5d3 b5a4 d3f4 d1c2 f4h3 b3b4 h7e7 c2d3 c6d7 b2c1 a8b8 \
e4f5 c7c6 a4b3 h3f4 d3e4 f4h3 b3c2 d5b4 d2d3 h3f2";

#[tokio::test]
async fn the_move_shown_is_scrolled_into_view() {
    let moves = LONG_GAME.split_whitespace().collect::<Vec<_>>().join("+");
    let Some(page) = Page::open("chess", &format!("&mode=human&moves={moves}")).await else {
        return;
    };
    page.resize(1024, 700).await;
    assert_eq!(page.count("#moves [data-turn]").await, 60);
    let visible = "const list = document.getElementById('moves').getBoundingClientRect(); \
                   const c = document.querySelector('#moves .current').getBoundingClientRect(); \
                   return c.top >= list.top - 1 && c.bottom <= list.bottom + 1";
    assert_eq!(
        page.js(visible, vec![]).await,
        true,
        "the last move in view"
    );
    page.js(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home'})); \
         document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'})); return true",
        vec![],
    )
    .await;
    page.wait("turn 1 shown", "return arcana.state.shown === 1", vec![])
        .await;
    assert_eq!(
        page.js(visible, vec![]).await,
        true,
        "the first move in view"
    );
    page.close().await;
}

/// Screenshots for a person to look at (`cargo test --release -p arcana-gui
/// --test integration browser -- --ignored every_game_with_a_capture_selected`): every
/// game the page draws (its menu's, and a defined one), at a large, a
/// small and a phone window, with a piece selected that can take. Moves
/// are played (plain moves, varied) until the side to move
/// can take; a game of drops alone is shown with a piece in hand picked.
/// `ARCANA_SHOTS` (names, comma-separated) keeps only those games.
#[tokio::test]
#[ignore]
async fn every_game_with_a_capture_selected() {
    let Some(page) = Page::open("chess", "&mode=human").await else {
        return;
    };
    // A capture: the target holds a piece of the other side (letters of
    // the other case), not one of the mover's own (a swap).
    let captures = "(from, to) => { \
         const at = (s) => document.querySelector(`[data-square=\"${s}\"] > [data-piece]`); \
         const white = (p) => p.dataset.piece === p.dataset.piece.toUpperCase(); \
         const [a, b] = [at(from), at(to)]; \
         return a !== null && b !== null && white(a) !== white(b); }";
    // Every game of the menu (the built-in parents included), and a
    // defined one.
    let menu = page
        .js(
            "return [...document.getElementById('variant').options].map(o => o.value)",
            vec![],
        )
        .await;
    let mut games: Vec<String> = menu
        .as_array()
        .expect("the menu")
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    games.push("chess16".into());
    // `ARCANA_SHOTS=xiangqi,janggi`: those games only.
    if let Ok(only) = std::env::var("ARCANA_SHOTS") {
        let only: Vec<&str> = only.split(',').map(str::trim).collect();
        games.retain(|g| only.contains(&g.as_str()));
    }
    for game in games.iter().map(String::as_str) {
        if game == "chess16" {
            page.js(
                "document.getElementById('define').open = true; \
                 document.getElementById('define-text').value = arguments[0]; \
                 document.getElementById('define-load').click(); return true",
                vec![json!(include_str!(
                    "../../../../docs/variants/examples.ini"
                ))],
            )
            .await;
            page.wait(
                "the defined games",
                "return [...document.getElementById('variant').options].some(o => o.value === 'chess16')",
                vec![],
            )
            .await;
        }
        page.resize(SIZES[0].0, SIZES[0].1).await;
        page.load(game, "&mode=human").await;
        let mut taking = page.simple_moves(captures).await;
        for ply in 0..80 {
            if !taking.is_empty() {
                break;
            }
            let moves = page.simple_moves("(from, to) => true").await;
            // Games of drops alone (Othello, a placement's setup) are
            // shown with a piece in hand picked instead.
            if moves.is_empty() {
                break;
            }
            // Varied, so that pieces meet rather than shuffle.
            let (from, to) = moves[(moves.len() / 2 + 7 * ply) % moves.len()].clone();
            let before = page.fen().await;
            page.click(&from).await;
            page.click(&to).await;
            // Where the move can also gate or promote, the plain one.
            if page.count("[data-choice]").await > 0 {
                page.click_css("[data-choice=\"-\"]").await;
            }
            page.wait(
                "the move played",
                "return document.body.dataset.fen !== arguments[0]",
                vec![json!(before)],
            )
            .await;
            taking = page.simple_moves(captures).await;
        }
        let Some((from, to)) = taking.first().cloned() else {
            // No capture reached: a piece that moves (every move of
            // Kyoto shogi's turns it over), else a piece in hand, picked.
            let mover_js = "const p = arcana.state.plies.find(p => p.legs[0].from); \
                            return p ? p.legs[0].from : null";
            let mut mover = page.js(mover_js, vec![]).await;
            // A game that ended before any capture (the hounds shut the
            // fox in): the move before its end is taken back.
            if mover.is_null() && page.count("[data-hand-piece]").await == 0 {
                let before = page.fen().await;
                page.click_css("#undo").await;
                page.wait(
                    "the move taken back",
                    "return document.body.dataset.fen !== arguments[0]",
                    vec![json!(before)],
                )
                .await;
                mover = page.js(mover_js, vec![]).await;
            }
            assert!(
                mover.is_string() || page.count("[data-hand-piece]").await > 0,
                "{game}: no capture within 80 plies, no move of a piece and no piece in hand"
            );
            for (width, height, name) in [SIZES[0], SIZES[2], SIZES[3]] {
                page.resize(width, height).await;
                match mover.as_str() {
                    Some(square) => page.click(square).await,
                    None => {
                        let side = page
                            .fen()
                            .await
                            .split(' ')
                            .nth(1)
                            .unwrap_or("w")
                            .to_string();
                        page.click_css(&format!("[data-hand=\"{side}\"] [data-hand-piece]"))
                            .await
                    }
                }
                page.screenshot(&format!("capture-{game}-{name}")).await;
                page.js(
                    "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'})); return true",
                    vec![],
                )
                .await;
            }
            continue;
        };
        for (width, height, name) in [SIZES[0], SIZES[2], SIZES[3]] {
            page.resize(width, height).await;
            page.js(
                "document.querySelector(`[data-square=\"${arguments[0]}\"]`).scrollIntoView({block: 'center'}); return true",
                vec![json!(from)],
            )
            .await;
            page.click(&from).await;
            assert!(page.is_destination(&to).await, "{game}: {from}x{to}");
            page.screenshot(&format!("capture-{game}-{name}")).await;
            page.js(
                "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'})); return true",
                vec![],
            )
            .await;
        }
    }
    page.close().await;
}
