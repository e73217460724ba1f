//! A small client of the protocol over real WebSocket connections, for `tables loadtest` and
//! the server's tests: connect, send, receive with a time limit, and an HTTP GET for records.

use crate::net::protocol::{ClientMsg, ServerMsg};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// One connection to a server.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to `ws://ADDR/ws` (`addr` as `HOST:PORT`).
    pub async fn connect(addr: &str) -> Result<Client, String> {
        let url = format!("ws://{addr}/ws");
        let (ws, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .map_err(|e| format!("connect {url}: {e}"))?;
        Ok(Client { ws })
    }

    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), String> {
        self.send_text(msg.to_json()).await
    }

    /// Sends any text frame (the tests send broken ones).
    pub async fn send_text(&mut self, text: String) -> Result<(), String> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| format!("send: {e}"))
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        self.ws
            .send(Message::Binary(bytes.into()))
            .await
            .map_err(|e| format!("send: {e}"))
    }

    /// The next message; `Err` when the connection closes, an unreadable message arrives, or
    /// nothing comes within `limit`.
    pub async fn recv_within(&mut self, limit: Duration) -> Result<ServerMsg, String> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .map_err(|_| "nothing received in time".to_string())?;
            match frame {
                None => return Err("closed".into()),
                Some(Err(e)) => return Err(format!("closed: {e}")),
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(t.as_str())
                        .map_err(|e| format!("unreadable message {t}: {e}"));
                }
                Some(Ok(Message::Close(_))) => return Err("closed".into()),
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message within 10 seconds.
    pub async fn recv(&mut self) -> Result<ServerMsg, String> {
        self.recv_within(Duration::from_secs(10)).await
    }

    /// Reads until a message `pick` accepts (others are skipped), within 10 seconds.
    pub async fn recv_until<T>(
        &mut self,
        mut pick: impl FnMut(&ServerMsg) -> Option<T>,
    ) -> Result<T, String> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let msg = self.recv_within(left).await?;
            if let Some(t) = pick(&msg) {
                return Ok(t);
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// `GET path` on `addr` over HTTP/1.1: the status and the body.
pub async fn http_get(addr: &str, path: &str) -> Result<(u16, String), String> {
    let mut s = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect {addr}: {e}"))?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut raw))
        .await
        .map_err(|_| "no answer in time".to_string())?
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no HTTP answer")?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no HTTP status")?;
    Ok((status, body.to_string()))
}
