//! The server over a real socket: it answers its own address and refuses
//! requests that name another host or come from another site's page (a
//! DNS-rebinding or cross-site page cannot drive the engine).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Starts a server on a free port; its `host:port`.
fn start() -> String {
    let url = gui::spawn(gui::Options {
        host: "127.0.0.1".into(),
        port: 0,
        open: false,
    })
    .expect("started");
    url.trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string()
}

/// Sends one request with `headers`; the status code and the body.
fn get(addr: &str, path: &str, headers: &[&str]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\n");
    let upgrade = headers.iter().any(|h| h.starts_with("Connection:"));
    if !upgrade {
        request.push_str("Connection: close\r\n");
    }
    for h in headers {
        request.push_str(h);
        request.push_str("\r\n");
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    // An upgrade request's connection stays open (upgraded or refused):
    // its head is all that is read.
    let mut chunk = [0u8; 4096];
    while let Ok(n) = stream.read(&mut chunk) {
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&chunk[..n]);
        if upgrade && answer.windows(4).any(|w| w == b"\r\n\r\n") {
            break;
        }
    }
    let text = String::from_utf8_lossy(&answer).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[test]
fn only_its_own_address_and_pages_are_answered() {
    let addr = start();
    let port = addr.rsplit(':').next().unwrap().to_string();
    let own = format!("Host: {addr}");
    let (status, body) = get(&addr, "/", &[&own]);
    assert_eq!(status, 200);
    assert!(body.contains("data-status=\"loading\""), "the page");
    let localhost = format!("Host: localhost:{port}");
    assert_eq!(get(&addr, "/main.js", &[&localhost]).0, 200);
    assert_eq!(get(&addr, "/board.js", &[&own]).0, 200);
    let (status, body) = get(&addr, "/rules/magician.md", &[&own]);
    assert_eq!(status, 200);
    assert!(body.contains("Magician"), "the game's rules from its spec");
    assert_eq!(get(&addr, "/rules/wizards-chess-mtg.md", &[&own]).0, 200);
    // For players: the same rules as a page.
    let (status, body) = get(&addr, "/rules/magician", &[&own]);
    assert_eq!(status, 200);
    assert!(body.contains("<title>Magician Chess: the rules</title>") && body.contains("<table>"));
    let (status, body) = get(&addr, "/rules/wizards-chess-mtg", &[&own]);
    assert_eq!(status, 200);
    assert!(body.contains("<h1>"), "the deck format as a page");
    // A game of a file: its rules written from its definition, which link
    // to the format's page.
    let (status, body) = get(&addr, "/rules/capablanca", &[&own]);
    assert_eq!(status, 200);
    assert!(
        body.contains("<td>Archbishop</td>") && body.contains("href=\"defined-games\""),
        "{body}"
    );
    assert_eq!(get(&addr, "/rules/defined-games", &[&own]).0, 200);
    assert_eq!(
        get(&addr, "/rules/chess.md", &[&own]).0,
        404,
        "chess links to FIDE"
    );
    assert_eq!(get(&addr, "/rules/../Cargo.toml", &[&own]).0, 404);
    assert_eq!(get(&addr, "/nosuchfile.js", &[&own]).0, 404);

    // Another name for the machine (DNS rebinding), or no Host at all.
    let (status, body) = get(&addr, "/", &["Host: evil.example"]);
    assert_eq!(status, 403);
    assert!(body.contains("Host and Origin"));
    assert_eq!(
        get(&addr, "/", &[&format!("Host: evil.example:{port}")]).0,
        403
    );
    // A page of another site opening the WebSocket.
    let upgrade = [
        own.as_str(),
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    ];
    let mut foreign = upgrade.to_vec();
    foreign.push("Origin: http://evil.example");
    assert_eq!(get(&addr, "/ws", &foreign).0, 403);
    // The server's own page may.
    let origin = format!("Origin: http://{addr}");
    let mut own_page = upgrade.to_vec();
    own_page.push(&origin);
    assert_eq!(get(&addr, "/ws", &own_page).0, 101);
}
