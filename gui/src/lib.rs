//! `arcana gui`: a board in the browser for every game Arcana plays,
//! served by the binary itself. The page draws positions and takes clicks;
//! the rules, the legal moves and the engine stay in Rust (the same
//! `variants` and `engine` code as UCI and XBoard), reached over one
//! WebSocket per tab.

mod assets;
pub mod clock;
mod deck;
pub mod diagram;
pub mod game;
pub mod legs;
pub mod markdown;
pub mod replay;
pub mod server;
pub mod session;

use std::net::IpAddr;

/// Where to serve.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address to listen on (loopback unless told otherwise).
    pub host: String,
    /// The port (0: any free one).
    pub port: u16,
    /// Open the default browser on the page.
    pub open: bool,
}

/// Serves the application until Ctrl-C; `on_ready` gets the page's
/// address once the server listens (the binary prints it).
pub fn serve(options: &Options, on_ready: impl FnOnce(&str)) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((options.host.as_str(), options.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", options.host, options.port))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        let url = format!("http://{}:{port}/", server::url_host(&options.host));
        let loopback = options
            .host
            .parse::<IpAddr>()
            .map(|ip| ip.is_loopback())
            .unwrap_or(options.host == "localhost");
        if !loopback {
            log::warn!(
                "listening on {}: other machines that reach this address can use the engine",
                options.host
            );
            eprintln!(
                "warning: listening on {}: other machines can reach this server",
                options.host
            );
        }
        on_ready(&url);
        if options.open {
            open_browser(&url);
        }
        let app = server::router(server::Allowed::new(&options.host, port));
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| format!("server error: {e}"))
    })
}

/// Serves on a thread of its own (until the process ends) and returns the
/// page's address once the server listens: for tests and programs that
/// embed the board.
pub fn spawn(options: Options) -> Result<String, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let failed = tx.clone();
    std::thread::spawn(move || {
        let result = serve(&options, |url| {
            let _ = tx.send(Ok(url.to_string()));
        });
        if let Err(e) = result {
            let _ = failed.send(Err(e));
        }
    });
    rx.recv_timeout(std::time::Duration::from_secs(30))
        .map_err(|_| "the server did not start".to_string())?
}

fn open_browser(url: &str) {
    let tried = if cfg!(target_os = "macos") {
        std::process::Command::new("open").arg(url).spawn()
    } else if cfg!(windows) {
        std::process::Command::new("cmd")
            .args(["/C", "start", url])
            .spawn()
    } else {
        std::process::Command::new("xdg-open").arg(url).spawn()
    };
    if let Err(e) = tried {
        eprintln!("could not open a browser ({e}); open {url} yourself");
    }
}
