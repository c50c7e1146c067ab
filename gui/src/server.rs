//! The HTTP side: the page's files (compiled into the binary), the rules
//! documents, and one WebSocket per tab. Requests must name the server's
//! own address in `Host` and, when they carry one, in `Origin`: a page of
//! another site cannot drive the engine (DNS rebinding, cross-site
//! WebSocket).

use crate::assets;
use crate::session::{error, Session};
use axum::body::Body;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// The largest message a page may send (a PGN of a whole match, a match
/// report, a deck list); the page refuses bigger files before sending.
pub const MAX_MESSAGE: usize = 4 * 1024 * 1024;

/// A host as a URL writes it: IPv6 addresses in brackets.
pub fn url_host(host: &str) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host.to_string()
    }
}

/// The addresses a request may name: the bound one, and for loopback its
/// `localhost` spelling.
#[derive(Clone, Debug)]
pub struct Allowed {
    hosts: Vec<String>,
}

impl Allowed {
    /// What a server bound to `host:port` accepts.
    pub fn new(host: &str, port: u16) -> Allowed {
        let mut hosts = vec![format!("{}:{port}", url_host(host))];
        if host == "127.0.0.1" || host == "::1" || host == "localhost" {
            hosts.push(format!("localhost:{port}"));
            hosts.push(format!("127.0.0.1:{port}"));
            hosts.push(format!("[::1]:{port}"));
        }
        Allowed { hosts }
    }

    /// Whether `Host` (and `Origin`, if any) name this server.
    pub fn permits(&self, headers: &HeaderMap) -> bool {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !self.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
            return false;
        }
        match headers.get(header::ORIGIN).map(|o| o.to_str()) {
            None => true,
            Some(Ok(origin)) => self
                .hosts
                .iter()
                .any(|h| origin.eq_ignore_ascii_case(&format!("http://{h}"))),
            Some(Err(_)) => false,
        }
    }
}

async fn guard(State(allowed): State<Arc<Allowed>>, req: Request, next: Next) -> Response {
    if allowed.permits(req.headers()) {
        next.run(req).await
    } else {
        (
            StatusCode::FORBIDDEN,
            "this server answers only pages it served itself (Host and Origin must be its address)\n",
        )
            .into_response()
    }
}

/// The application's routes.
pub fn router(allowed: Allowed) -> Router {
    let allowed = Arc::new(allowed);
    Router::new()
        .route("/", get(|| async { asset("index.html") }))
        .route("/ws", get(ws))
        .route("/rules/{file}", get(rules))
        .route("/{file}", get(file))
        .layer(middleware::from_fn_with_state(allowed, guard))
}

async fn file(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    asset(&name)
}

fn asset(name: &str) -> Response {
    match assets::get(name) {
        Some((body, mime)) => (
            [
                (header::CONTENT_TYPE, mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            Body::from(body),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

/// A rules document: `<id>.md` as written, `<id>` as a page for players.
async fn rules(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    let registry = variants::Registry::current();
    if name.ends_with(".md") {
        return match assets::rules(&registry, &name) {
            Some(text) => {
                ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
            }
            None => (StatusCode::NOT_FOUND, "no such rules document\n").into_response(),
        };
    }
    match assets::rules(&registry, &format!("{name}.md")) {
        Some(text) => {
            let title = registry.spec(&name).map_or_else(
                |_| "Rules".to_string(),
                |s| format!("{}: the rules", s.name),
            );
            (
                [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                crate::markdown::page(&title, &text),
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "no such rules document\n").into_response(),
    }
}

async fn ws(upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(run_tab)
}

/// One tab: commands in, state and progress out, a tick every 250 ms while
/// the engine thinks. The tab's search stops when the socket closes.
async fn run_tab(mut socket: WebSocket) {
    let (events_tx, mut events) = mpsc::unbounded_channel();
    let mut session = Session::new(events_tx);
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    // The games first: the page knows none of its own.
    if send(&mut socket, vec![session.catalog()]).await.is_err() {
        return;
    }
    // No state before the page's first command (its `new`): the first
    // board the page draws is the game it asked for.
    loop {
        let out = tokio::select! {
            msg = socket.recv() => match msg {
                Some(Ok(Message::Text(text))) => {
                    tokio::task::block_in_place(|| session.handle(text.as_str()))
                }
                Some(Ok(Message::Binary(_))) => vec![error("send text")],
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => break,
            },
            Some(event) = events.recv() => tokio::task::block_in_place(|| session.event(event)),
            _ = tick.tick() => {
                let out = tokio::task::block_in_place(|| session.tick());
                if out.is_empty() {
                    continue;
                }
                out
            }
        };
        if send(&mut socket, out).await.is_err() {
            break;
        }
    }
    tokio::task::block_in_place(|| session.stop());
}

async fn send(socket: &mut WebSocket, messages: Vec<serde_json::Value>) -> Result<(), ()> {
    for m in messages {
        socket
            .send(Message::Text(m.to_string().into()))
            .await
            .map_err(|_| ())?;
    }
    Ok(())
}
