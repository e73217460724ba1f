//! The server's figures for an operator, served at `GET /metrics` in the Prometheus text format
//! (version 0.0.4): what is open now (connections, tables by game and phase) is read from the
//! hub when asked; what happened (actions, refusals, lease takeovers, how long actions, store
//! writes and bots' thinking took) is counted as it happens, in process-wide atomics.
//!
//! Every name starts with `ct_`; `docs/server.md` lists them all.

use crate::net::protocol::ErrorCode;
use crate::rules::GameKind;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the latency buckets, in seconds (the last bucket, `+Inf`, is implied).
pub const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// A latency histogram: a count per bucket (not cumulative here; written cumulative), the sum in
/// microseconds and the count.
pub struct Histogram {
    buckets: [AtomicU64; BUCKETS.len() + 1],
    sum_micros: AtomicU64,
    count: AtomicU64,
}

impl Histogram {
    pub const fn new() -> Histogram {
        Histogram {
            buckets: [const { AtomicU64::new(0) }; BUCKETS.len() + 1],
            sum_micros: AtomicU64::new(0),
            count: AtomicU64::new(0),
        }
    }

    pub fn observe(&self, took: Duration) {
        let secs = took.as_secs_f64();
        let i = BUCKETS
            .iter()
            .position(|&b| secs <= b)
            .unwrap_or(BUCKETS.len());
        self.buckets[i].fetch_add(1, Ordering::Relaxed);
        self.sum_micros
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    fn write(&self, out: &mut String, name: &str, help: &str) {
        head(out, name, "histogram", help);
        let mut below = 0;
        for (i, bound) in BUCKETS.iter().enumerate() {
            below += self.buckets[i].load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {below}");
        }
        below += self.buckets[BUCKETS.len()].load(Ordering::Relaxed);
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {below}");
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}");
        let _ = writeln!(out, "{name}_count {}", self.count());
    }
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram::new()
    }
}

/// What happened since the process started.
pub struct Counters {
    /// Actions accepted and stored, by game (in `GameKind::ALL`'s order).
    pub actions: [AtomicU64; 3],
    /// Refusals sent, by code (in `ErrorCode::ALL`'s order).
    pub refusals: [AtomicU64; ErrorCode::ALL.len()],
    /// Connections accepted (the WebSocket upgrades).
    pub connections: AtomicU64,
    /// Tables this process took over from another whose lease lapsed.
    pub takeovers: AtomicU64,
    /// Table writes the store refused for an older generation (another process had taken the
    /// table over); this process let each such table go.
    pub fenced: AtomicU64,
    /// A seat's `act`, from the table reading it to everyone told (stored first).
    pub action_time: Histogram,
    /// One batch of writes committed by the store.
    pub store_write: Histogram,
    /// A bot choosing its action.
    pub bot_think: Histogram,
}

/// The process's counters.
pub static COUNTERS: Counters = Counters {
    actions: [const { AtomicU64::new(0) }; 3],
    refusals: [const { AtomicU64::new(0) }; ErrorCode::ALL.len()],
    connections: AtomicU64::new(0),
    takeovers: AtomicU64::new(0),
    fenced: AtomicU64::new(0),
    action_time: Histogram::new(),
    store_write: Histogram::new(),
    bot_think: Histogram::new(),
};

fn game_index(game: GameKind) -> usize {
    GameKind::ALL.iter().position(|g| *g == game).unwrap_or(0)
}

impl Counters {
    pub fn action(&self, game: GameKind) {
        self.actions[game_index(game)].fetch_add(1, Ordering::Relaxed);
    }

    pub fn refused(&self, code: ErrorCode) {
        if let Some(i) = ErrorCode::ALL.iter().position(|c| *c == code) {
            self.refusals[i].fetch_add(1, Ordering::Relaxed);
        }
    }

    pub fn actions_of(&self, game: GameKind) -> u64 {
        self.actions[game_index(game)].load(Ordering::Relaxed)
    }
}

/// What is open now, read from the hub when asked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Now {
    pub connections: usize,
    /// Tables held by this process: (game, phase name, count).
    pub tables: Vec<(GameKind, &'static str, usize)>,
}

/// A metric's `# HELP` and `# TYPE` lines.
fn head(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

/// A metric of one sample without labels: its head and its value.
fn single(out: &mut String, name: &str, kind: &str, help: &str, value: impl std::fmt::Display) {
    head(out, name, kind, help);
    let _ = writeln!(out, "{name} {value}");
}

/// The whole page: `now` and the counters, in the Prometheus text format.
pub fn render(now: &Now, c: &Counters) -> String {
    let mut out = String::new();
    single(
        &mut out,
        "ct_connections",
        "gauge",
        "WebSocket connections open now.",
        now.connections,
    );
    head(
        &mut out,
        "ct_tables",
        "gauge",
        "Tables this process holds now, by game and phase.",
    );
    for game in GameKind::ALL {
        for phase in ["waiting", "playing", "ended"] {
            let n: usize = now
                .tables
                .iter()
                .filter(|(g, p, _)| *g == game && *p == phase)
                .map(|(_, _, n)| n)
                .sum();
            let _ = writeln!(
                out,
                "ct_tables{{game=\"{}\",phase=\"{phase}\"}} {n}",
                game.cli_name()
            );
        }
    }
    single(
        &mut out,
        "ct_connections_total",
        "counter",
        "WebSocket connections accepted since the process started.",
        c.connections.load(Ordering::Relaxed),
    );
    head(
        &mut out,
        "ct_actions_total",
        "counter",
        "Actions accepted and stored (players', bots' and the clock's), by game.",
    );
    for game in GameKind::ALL {
        let _ = writeln!(
            out,
            "ct_actions_total{{game=\"{}\"}} {}",
            game.cli_name(),
            c.actions_of(game)
        );
    }
    head(
        &mut out,
        "ct_refusals_total",
        "counter",
        "Refusals sent to clients (error messages), by code.",
    );
    for (i, code) in ErrorCode::ALL.iter().enumerate() {
        let _ = writeln!(
            out,
            "ct_refusals_total{{code=\"{}\"}} {}",
            code.name(),
            c.refusals[i].load(Ordering::Relaxed)
        );
    }
    single(
        &mut out,
        "ct_lease_takeovers_total",
        "counter",
        "Tables taken over from a process whose lease lapsed.",
        c.takeovers.load(Ordering::Relaxed),
    );
    single(
        &mut out,
        "ct_fenced_writes_total",
        "counter",
        "Table writes the store refused for an older lease generation (the table was let go).",
        c.fenced.load(Ordering::Relaxed),
    );
    c.action_time.write(
        &mut out,
        "ct_action_seconds",
        "A seat's action, from the table reading it to everyone told (stored first).",
    );
    c.store_write.write(
        &mut out,
        "ct_store_write_seconds",
        "One batch of table writes committed by the store.",
    );
    c.bot_think.write(
        &mut out,
        "ct_bot_think_seconds",
        "A bot choosing its action.",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page reads as the text format says: every sample's name announced by `# TYPE`,
    /// histograms cumulative and ending at `+Inf` with the count.
    #[test]
    fn the_page_is_prometheus_text() {
        let c = Counters {
            actions: [const { AtomicU64::new(0) }; 3],
            refusals: [const { AtomicU64::new(0) }; ErrorCode::ALL.len()],
            connections: AtomicU64::new(4),
            takeovers: AtomicU64::new(1),
            fenced: AtomicU64::new(2),
            action_time: Histogram::new(),
            store_write: Histogram::new(),
            bot_think: Histogram::new(),
        };
        c.action(GameKind::Hive);
        c.action(GameKind::Hive);
        c.refused(ErrorCode::Illegal);
        c.action_time.observe(Duration::from_micros(700));
        c.action_time.observe(Duration::from_millis(30));
        c.action_time.observe(Duration::from_secs(20));
        let now = Now {
            connections: 2,
            tables: vec![(GameKind::Chess, "playing", 3)],
        };
        let page = render(&now, &c);
        let mut typed = std::collections::BTreeSet::new();
        for line in page.lines() {
            if let Some(rest) = line.strip_prefix("# TYPE ") {
                typed.insert(rest.split(' ').next().unwrap().to_string());
                continue;
            }
            if line.starts_with('#') {
                continue;
            }
            let (name, value) = line.rsplit_once(' ').unwrap();
            let base = name.split('{').next().unwrap();
            let family = ["_bucket", "_sum", "_count"]
                .iter()
                .find_map(|s| base.strip_suffix(s))
                .filter(|f| typed.contains(*f))
                .unwrap_or(base);
            assert!(typed.contains(family), "{line}: no # TYPE for {family}");
            assert!(value.parse::<f64>().is_ok(), "{line}");
        }
        for want in [
            "ct_connections 2",
            "ct_tables{game=\"chess\",phase=\"playing\"} 3",
            "ct_tables{game=\"hive\",phase=\"playing\"} 0",
            "ct_connections_total 4",
            "ct_actions_total{game=\"hive\"} 2",
            "ct_refusals_total{code=\"illegal\"} 1",
            "ct_refusals_total{code=\"stale\"} 0",
            "ct_lease_takeovers_total 1",
            "ct_fenced_writes_total 2",
            "ct_action_seconds_bucket{le=\"0.0005\"} 0",
            "ct_action_seconds_bucket{le=\"0.001\"} 1",
            "ct_action_seconds_bucket{le=\"0.05\"} 2",
            "ct_action_seconds_bucket{le=\"10\"} 2",
            "ct_action_seconds_bucket{le=\"+Inf\"} 3",
            "ct_action_seconds_count 3",
            "ct_action_seconds_sum 20.0307",
        ] {
            assert!(
                page.lines().any(|l| l == want),
                "missing {want:?} in\n{page}"
            );
        }
    }
}
