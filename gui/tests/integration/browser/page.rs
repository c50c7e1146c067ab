//! A page of `arcana gui` in a real headless Chromium, driven over
//! WebDriver (chromedriver) through the page's testable markup: cells by
//! `data-square`, pieces by `data-piece`, `body.dataset.fen` and `status`.

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, MutexGuard};

/// Set by CI (`.ci/run`): a missing browser fails instead of skipping.
const REQUIRE: &str = "ARCANA_REQUIRE_BROWSER";
/// How long the page may take for anything the tests wait for (the
/// engine's moves are limited to a fraction of this).
const PATIENCE: Duration = Duration::from_secs(60);

/// One browser at a time: the machines have two cores, and the engine
/// searches in the same process.
static ONE_BROWSER: Mutex<()> = Mutex::const_new(());

/// The server of every test of this binary, started once in a thread of
/// its own (it runs until the process ends).
fn server_url() -> &'static str {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        gui::spawn(gui::Options {
            host: "127.0.0.1".into(),
            port: 0,
            open: false,
        })
        .expect("the gui server starts")
    })
}

/// A program named by `env`, else the first of `names` on the PATH.
fn program(env: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .chain([PathBuf::from("/usr/bin")])
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// chromedriver, in a process group of its own so that the browser it
/// starts goes with it.
struct Driver {
    child: Child,
    port: u16,
    /// The browser's profile folder, removed when the browser has gone.
    profile: PathBuf,
}

impl Driver {
    fn start(program: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let profile =
            std::env::temp_dir().join(format!("arcana-browser-{}-{port}", std::process::id()));
        let driver = Driver {
            child,
            port,
            profile,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The whole group: chromedriver and the Chromium it started. (A
        // signal, not the kill(1) command: procps-ng 4.0.2 reads
        // `kill -KILL -1234` as a signal to group 1, that is to every
        // process.)
        if let Ok(group) = libc::pid_t::try_from(self.child.id()) {
            if group > 1 {
                // SAFETY: kill(2) has no memory effects; the group is the
                // one chromedriver leads (process_group(0) at spawn).
                unsafe {
                    libc::kill(-group, libc::SIGKILL);
                }
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The page, its browser and the lock that keeps other tests' browsers
/// waiting.
pub struct Page {
    client: Option<Client>,
    _driver: Driver,
    _turn: MutexGuard<'static, ()>,
}

impl Page {
    /// Opens `/?variant=<variant>&movetime=300<query>` in a new browser;
    /// `None` (after saying why) when Chromium or chromedriver is missing
    /// and CI does not require them.
    pub async fn open(variant: &str, query: &str) -> Option<Page> {
        let turn = ONE_BROWSER.lock().await;
        let chromium = program("ARCANA_CHROMIUM", &["chromium", "chromium-browser"]);
        let chromedriver = program("ARCANA_CHROMEDRIVER", &["chromedriver"]);
        let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
            let why = "Chromium and chromedriver are needed for the browser tests \
                       (Debian: apt-get install chromium chromium-driver)";
            if std::env::var_os(REQUIRE).is_some() {
                panic!("{why}; {REQUIRE} is set, so this fails");
            }
            // Straight to stderr: the test harness hides what a passing
            // test prints, and a skip must be seen.
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                use std::io::Write;
                let _ = writeln!(std::io::stderr(), "browser tests skipped: {why}");
            });
            return None;
        };
        let driver = Driver::start(&chromedriver);
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                    "--disable-gpu", "--window-size=1500,1150", "--no-first-run",
                    format!("--user-data-dir={}", driver.profile.display()),
                ],
            },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!()
        };
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
            .expect("a Chromium session");
        let page = Page {
            client: Some(client),
            _driver: driver,
            _turn: turn,
        };
        page.load(variant, query).await;
        Some(page)
    }

    fn client(&self) -> &Client {
        self.client.as_ref().expect("the browser is open")
    }

    /// Loads the page anew for `variant` and waits until it is ready.
    pub async fn load(&self, variant: &str, query: &str) {
        let url = format!("{}?variant={variant}&movetime=300{query}", server_url());
        self.client().goto(&url).await.expect("the page loads");
        self.wait(
            &format!("{variant} ready"),
            "return document.body.dataset.status === 'ready' \
             && document.body.dataset.variant === arguments[0]",
            vec![json!(variant)],
        )
        .await;
    }

    /// Runs `script` in the page.
    pub async fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.client()
            .execute(script, args)
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Waits until `condition` (a script's truthy result) holds; fails with
    /// what the page shows when it does not within PATIENCE.
    pub async fn wait(&self, what: &str, condition: &str, args: Vec<Value>) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let v = self.js(condition, args.clone()).await;
            if v.as_bool() == Some(true) {
                return;
            }
            if Instant::now() > deadline {
                let shown = self
                    .js(
                        "return [document.body.dataset.status, document.body.dataset.fen, \
                         (document.getElementById('message') || {}).textContent, \
                         (document.getElementById('status') || {}).textContent]",
                        vec![],
                    )
                    .await;
                panic!("waited {PATIENCE:?} for {what}; the page shows {shown}");
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// How many elements match `css`.
    pub async fn count(&self, css: &str) -> usize {
        let n = self
            .js(
                "return document.querySelectorAll(arguments[0]).length",
                vec![json!(css)],
            )
            .await;
        n.as_u64().expect("a count") as usize
    }

    /// A WebDriver click on a square's cell (the pointer events a user's
    /// click makes).
    pub async fn click(&self, square: &str) {
        self.click_css(&format!("[data-square=\"{square}\"]")).await;
    }

    /// A WebDriver click on the element `css` names. The page redraws
    /// its board when a message comes (a user's click then lands on the
    /// new cells): an element redrawn between finding and clicking it is
    /// found again.
    pub async fn click_css(&self, css: &str) {
        for attempt in 1.. {
            let element = self
                .client()
                .find(Locator::Css(css))
                .await
                .unwrap_or_else(|e| panic!("no {css} on the page: {e}"));
            match element.click().await {
                Ok(_) => return,
                Err(e) if attempt < 5 && e.to_string().contains("stale element") => continue,
                Err(e) => panic!("cannot click {css}: {e}"),
            }
        }
    }

    /// The piece letter on `square`, if any.
    pub async fn piece(&self, square: &str) -> Option<String> {
        let v = self
            .js(
                "const p = document.querySelector(`[data-square=\"${arguments[0]}\"] > [data-piece]`); \
                 return p ? p.dataset.piece : null",
                vec![json!(square)],
            )
            .await;
        v.as_str().map(str::to_string)
    }

    /// Whether `square` is marked as a destination of the move being entered.
    pub async fn is_destination(&self, square: &str) -> bool {
        let css = format!("[data-square=\"{square}\"].dest");
        self.count(&css).await == 1
    }

    /// A `body.dataset` entry.
    pub async fn data(&self, key: &str) -> Option<String> {
        let v = self
            .js(
                "return document.body.dataset[arguments[0]] ?? null",
                vec![json!(key)],
            )
            .await;
        v.as_str().map(str::to_string)
    }

    /// The FEN the page shows.
    pub async fn fen(&self) -> String {
        self.data("fen").await.expect("body.dataset.fen")
    }

    /// Waits until the move list has `turns` turns and the page waits for
    /// the user.
    pub async fn wait_turns(&self, turns: usize) {
        self.wait(
            &format!("{turns} turns played"),
            "return document.querySelectorAll('#moves [data-turn]').length === arguments[0] \
             && document.body.dataset.status === 'ready'",
            vec![json!(turns)],
        )
        .await;
    }

    /// The page's legal plies of one leg (a plain move) for the side to
    /// move, as `[from, to]`, whose squares satisfy `filter` (a JavaScript
    /// arrow function source over `from, to`).
    pub async fn simple_moves(&self, filter: &str) -> Vec<(String, String)> {
        let script = format!(
            "const keep = {filter}; \
             return arcana.state.plies.filter(p => p.legs.length === 1 && p.legs[0].from \
               && !p.legs[0].suffix && keep(p.legs[0].from, p.legs[0].to)) \
               .map(p => [p.legs[0].from, p.legs[0].to]);"
        );
        let v = self.js(&script, vec![]).await;
        v.as_array()
            .expect("a list")
            .iter()
            .map(|pair| {
                (
                    pair[0].as_str().unwrap().to_string(),
                    pair[1].as_str().unwrap().to_string(),
                )
            })
            .collect()
    }

    /// Resizes the browser's window and waits for the page to lay itself
    /// out again.
    pub async fn resize(&self, width: u32, height: u32) {
        self.client()
            .set_window_size(width, height)
            .await
            .expect("the window resized");
        tokio::time::sleep(Duration::from_millis(150)).await;
    }

    /// The viewport's size and the bounding box (left, top, right, bottom)
    /// of the elements `css` names, together.
    pub async fn extent(&self, css: &str) -> (f64, f64, [f64; 4]) {
        let v = self
            .js(
                "const r = [...document.querySelectorAll(arguments[0])].map(e => e.getBoundingClientRect()); \
                 if (r.length === 0) return null; \
                 return [innerWidth, innerHeight, Math.min(...r.map(b => b.left)), Math.min(...r.map(b => b.top)), \
                   Math.max(...r.map(b => b.right)), Math.max(...r.map(b => b.bottom))]",
                vec![json!(css)],
            )
            .await;
        let n: Vec<f64> = v
            .as_array()
            .unwrap_or_else(|| panic!("nothing matches {css}"))
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        (n[0], n[1], [n[2], n[3], n[4], n[5]])
    }

    /// Sends a command to the server as the page would.
    pub async fn send(&self, message: Value) {
        self.js(
            "arcana.socket.send(JSON.stringify(arguments[0])); return true",
            vec![message],
        )
        .await;
    }

    /// The classes of a square's cell.
    pub async fn classes(&self, square: &str) -> Vec<String> {
        let v = self
            .js(
                "const c = document.querySelector(`[data-square=\"${arguments[0]}\"]`); \
                 return c ? [...c.classList] : []",
                vec![json!(square)],
            )
            .await;
        v.as_array()
            .expect("a list")
            .iter()
            .map(|c| c.as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Saves a screenshot as `<target tmp>/screenshots/<name>.png`.
    pub async fn screenshot(&self, name: &str) {
        let png = self.client().screenshot().await.expect("a screenshot");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).expect("the screenshot folder");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("the screenshot written");
        eprintln!("screenshot: {}", path.display());
    }

    /// Ends the browser session.
    pub async fn close(mut self) {
        if let Some(client) = self.client.take() {
            let _ = client.close().await;
        }
    }
}
