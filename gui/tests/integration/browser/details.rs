//! The smaller things a player notices (issue 31, items 8 and 10): check
//! shown, the engine's thoughts kept from its opponent, the side kept over
//! a new game, a FEN with a typo kept, resigning and draws, arrows with
//! heads, and the turns of several sub-moves or placements said in words.

use super::encode;
use super::page::Page;
use serde_json::json;

async fn text_of(page: &Page, id: &str) -> String {
    let v = page
        .js(
            "return document.getElementById(arguments[0]).textContent",
            vec![json!(id)],
        )
        .await;
    v.as_str().unwrap_or_default().to_string()
}

async fn value_of(page: &Page, id: &str) -> String {
    let v = page
        .js(
            "return document.getElementById(arguments[0]).value",
            vec![json!(id)],
        )
        .await;
    v.as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn check_sides_typos_resigning_and_draws() {
    let Some(page) = Page::open(
        "chess",
        &format!(
            "&mode=human&fen={}",
            encode("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")
        ),
    )
    .await
    else {
        return;
    };
    // Check: the King's square and the status say so.
    assert!(page.classes("e1").await.iter().any(|c| c == "check"));
    assert!(text_of(&page, "status").await.contains("check"));

    // A FEN with a typo stays in its box beside its error.
    let typo = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1";
    page.js(
        "document.getElementById('fen').value = arguments[0]; \
         document.getElementById('setfen').click(); return true",
        vec![json!(typo)],
    )
    .await;
    page.wait(
        "the FEN's error",
        "return document.getElementById('message').textContent.includes('FEN')",
        vec![],
    )
    .await;
    assert_eq!(value_of(&page, "fen").await, typo);

    // Two players: a resignation, then an agreed draw.
    page.load("chess", "&mode=human").await;
    page.click_css("#resign").await;
    page.wait(
        "the resignation",
        "return document.body.dataset.outcome === '0-1'",
        vec![],
    )
    .await;
    assert!(text_of(&page, "status").await.contains("White resigned"));
    page.click_css("#new").await;
    page.wait(
        "a new game",
        "return document.body.dataset.outcome === ''",
        vec![],
    )
    .await;
    page.click_css("#draw").await;
    page.wait(
        "the draw",
        "return document.body.dataset.outcome === '1/2-1/2'",
        vec![],
    )
    .await;

    // Playing Black: New game keeps it, and so does the board's way round
    // in analysis.
    page.load("chess", "&mode=play").await;
    page.send(json!({"t": "settings", "side": "b", "limits": {"movetime": 200}}))
        .await;
    page.wait_turns(1).await;
    page.click_css("#new").await;
    page.wait_turns(1).await;
    assert_eq!(
        value_of(&page, "side").await,
        "b",
        "New game keeps the side"
    );
    let first = "return document.querySelector('#boards .cell').dataset.square";
    assert_eq!(page.js(first, vec![]).await, "h1", "Black at the bottom");
    page.send(json!({"t": "settings", "mode": "human"})).await;
    page.wait(
        "two players",
        "return arcana.state.mode === 'human'",
        vec![],
    )
    .await;
    assert_eq!(
        page.js(first, vec![]).await,
        "h1",
        "still Black at the bottom"
    );
    page.close().await;
}

#[tokio::test]
async fn the_engines_thoughts_and_arrows() {
    let Some(page) = Page::open("chess", "&mode=play").await else {
        return;
    };
    // Against the engine: it thinks, its line and score stay hidden.
    page.send(json!({"t": "settings", "limits": {"movetime": 3000}}))
        .await;
    page.click("e2").await;
    page.click("e4").await;
    page.wait(
        "the engine's report",
        "return document.body.dataset.status === 'thinking' && arcana.lines.size > 0",
        vec![],
    )
    .await;
    assert!(
        !text_of(&page, "lines").await.contains("depth"),
        "no line shown in play"
    );
    let bar_hidden = page
        .js("return document.getElementById('evalbar').hidden", vec![])
        .await;
    assert_eq!(bar_hidden, true);
    page.click_css("#movenow").await;
    page.wait_turns(2).await;

    // Analysis of three lines: an arrow with a head for each line's move;
    // one line asked for: the other two go.
    page.send(json!({"t": "settings", "mode": "analysis", "multipv": 3}))
        .await;
    page.wait(
        "three lines",
        "return arcana.lines.size === 3 && document.querySelectorAll('svg.arrow').length >= 3",
        vec![],
    )
    .await;
    let heads = page.count("svg.arrow line[marker-end]").await;
    assert!(heads >= 3, "{heads} arrows with heads");
    assert!(
        text_of(&page, "lines").await.contains("depth"),
        "lines shown in analysis"
    );
    page.send(json!({"t": "settings", "multipv": 1})).await;
    page.wait("one line", "return arcana.lines.size === 1", vec![])
        .await;
    page.send(json!({"t": "engine", "on": false})).await;
    page.close().await;
}

/// An Advanced Wizard FEN where White must place a Warrior first.
const WIZARD_PLACEMENT: &str = "z8/9/9/9/9/9/9/6h~g~1/4Z4|9/9/9/9/9/9/9/9/9 w Z W - 0 1";

#[tokio::test]
async fn turns_of_several_parts_are_said_in_words() {
    let Some(page) = Page::open("parallelworlds", "&mode=human").await else {
        return;
    };
    page.click("1e2").await;
    page.click("1e4").await;
    page.wait(
        "the first sub-move",
        "return document.body.dataset.status === 'ready' && arcana.state.pending.length === 1",
        vec![],
    )
    .await;
    // The sub-move made is marked and said with its level.
    assert!(text_of(&page, "turn-so-far").await.contains("(to Level 1)"));
    assert!(page.classes("1e4").await.iter().any(|c| c == "pendingsq"));
    // The engine plays whole turns: it says so mid-turn.
    page.click_css("#go").await;
    page.wait(
        "the engine's answer",
        "return document.getElementById('message').textContent.includes('whole turns')",
        vec![],
    )
    .await;

    // Advanced Wizard: a placement due is said, with the piece to place.
    page.load(
        "advancedwizard",
        &format!("&mode=human&fen={}", encode(WIZARD_PLACEMENT)),
    )
    .await;
    assert_eq!(page.count("#placement-due svg").await, 1);
    page.click("Ee1").await;
    assert!(text_of(&page, "message").await.contains("comes back first"));
    page.close().await;
}

#[tokio::test]
async fn the_deck_checker_is_a_view_of_its_own_and_the_rules_a_page() {
    let Some(page) = Page::open("chess", "&mode=human").await else {
        return;
    };
    page.js("location.hash = '#deck'; return true", vec![])
        .await;
    page.wait(
        "the deck view",
        "return !document.getElementById('deck').hidden && document.querySelector('main').hidden",
        vec![],
    )
    .await;
    page.click_css("#deck-sample").await;
    page.wait(
        "the sample deck",
        "return document.getElementById('deck-text').value.includes('Craw Wurm')",
        vec![],
    )
    .await;
    page.click_css("#deck-check").await;
    page.wait(
        "the verdict",
        "return document.getElementById('deck-verdict').textContent.startsWith('Legal')",
        vec![],
    )
    .await;
    // Warnings apart from errors, in line order.
    let rows = page
        .js(
            "return [...document.querySelectorAll('#deck-findings tbody tr')].map(r => [r.className, r.cells[0].textContent])",
            vec![],
        )
        .await;
    let rows = rows.as_array().unwrap().clone();
    assert!(
        !rows.is_empty() && rows.iter().all(|r| r[0] == "warning"),
        "{rows:?}"
    );
    page.screenshot("deck").await;
    let lines: Vec<u64> = rows
        .iter()
        .filter_map(|r| r[1].as_str()?.parse().ok())
        .collect();
    assert!(lines.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
    // A banned card makes the deck illegal; a waiver of a rule that is no
    // guideline is refused with a message.
    page.js(
        "document.getElementById('deck-banned').value = 'Craw Wurm'; \
         document.getElementById('deck-check').click(); return true",
        vec![],
    )
    .await;
    page.wait(
        "the ban",
        "return document.getElementById('deck-verdict').textContent.startsWith('Illegal') \
         && document.querySelector('#deck-findings tr.error') !== null",
        vec![],
    )
    .await;
    page.js(
        "document.getElementById('deck-waive').value = 'R1'; \
         document.getElementById('deck-check').click(); return true",
        vec![],
    )
    .await;
    page.wait(
        "the refused waiver",
        "return document.getElementById('deck-message').textContent.includes('cannot be waived')",
        vec![],
    )
    .await;
    // Back to the board; the game's rules are a page for people.
    page.js("location.hash = ''; return true", vec![]).await;
    page.load("vanguard", "&mode=human").await;
    let href = page
        .js(
            "return document.getElementById('rules').getAttribute('href')",
            vec![],
        )
        .await;
    assert_eq!(href, "rules/vanguard");
    page.close().await;
}
