//! The desktop's WebSocket: tungstenite on a thread of its own, so the game's frame loop never
//! waits on the network.

use super::SocketEvent;
use std::io::ErrorKind;
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::Duration;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// One connection. Dropping it closes the connection and ends its thread.
pub struct Socket {
    out: Sender<String>,
    /// Behind a lock only so the socket may live in a shared resource; one reader polls it.
    events: Mutex<Receiver<SocketEvent>>,
}

/// How long opening the TCP connection may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How often the thread looks for frames to send while no frame arrives.
const POLL: Duration = Duration::from_millis(15);

impl Socket {
    /// Connects to `url` (`ws://HOST:PORT/ws`) on a new thread.
    pub fn connect(url: &str) -> Socket {
        let (out, out_rx) = channel::<String>();
        let (events_tx, events) = channel();
        let url = url.to_string();
        let spawned = std::thread::Builder::new()
            .name("online-socket".into())
            .spawn({
                let events_tx = events_tx.clone();
                move || {
                    let why = match open(&url) {
                        Ok(ws) => {
                            let _ = events_tx.send(SocketEvent::Opened);
                            super::wake();
                            run(ws, &out_rx, &events_tx)
                        }
                        Err(why) => why,
                    };
                    let _ = events_tx.send(SocketEvent::Closed(why));
                    super::wake();
                }
            });
        if let Err(e) = spawned {
            let _ = events_tx.send(SocketEvent::Closed(format!("no thread: {e}")));
        }
        Socket {
            out,
            events: Mutex::new(events),
        }
    }

    /// Queues a text frame.
    pub fn send(&self, text: String) {
        let _ = self.out.send(text);
    }

    /// Everything that happened since the last poll.
    pub fn poll(&self) -> Vec<SocketEvent> {
        let mut got = Vec::new();
        let Ok(events) = self.events.lock() else {
            return got;
        };
        loop {
            match events.try_recv() {
                Ok(e) => got.push(e),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => break,
            }
        }
        got
    }
}

fn open(url: &str) -> Result<WebSocket<MaybeTlsStream<TcpStream>>, String> {
    let rest = url
        .strip_prefix("ws://")
        .ok_or_else(|| format!("{url}: only ws:// addresses are supported here"))?;
    let host = rest.split('/').next().unwrap_or(rest);
    let addrs: Vec<_> = host
        .to_socket_addrs()
        .map_err(|e| format!("{host}: {e}"))?
        .collect();
    let mut last = format!("{host}: no address");
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
            Ok(stream) => {
                let _ = stream.set_nodelay(true);
                let (ws, _) = tungstenite::client(url, MaybeTlsStream::Plain(stream))
                    .map_err(|e| format!("{url}: {e}"))?;
                if let MaybeTlsStream::Plain(s) = ws.get_ref() {
                    s.set_read_timeout(Some(POLL))
                        .map_err(|e| format!("{url}: {e}"))?;
                }
                return Ok(ws);
            }
            Err(e) => last = format!("{addr}: {e}"),
        }
    }
    Err(last)
}

/// Moves frames both ways until the connection closes or the game drops its [`Socket`].
fn run(
    mut ws: WebSocket<MaybeTlsStream<TcpStream>>,
    out: &Receiver<String>,
    events: &Sender<SocketEvent>,
) -> String {
    loop {
        loop {
            match out.try_recv() {
                Ok(text) => {
                    if let Err(e) = ws.send(Message::text(text)) {
                        return format!("send: {e}");
                    }
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let _ = ws.close(None);
                    let _ = ws.flush();
                    return "closed by the game".into();
                }
            }
        }
        match ws.read() {
            Ok(Message::Text(t)) => {
                if events
                    .send(SocketEvent::Text(t.to_string(), crate::net::clock::now()))
                    .is_err()
                {
                    return "closed by the game".into();
                }
                super::wake();
            }
            Ok(Message::Close(_)) => return "closed by the server".into(),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(e) => return format!("{e}"),
        }
    }
}
