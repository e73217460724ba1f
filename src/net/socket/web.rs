//! The browser's WebSocket: the page's own `WebSocket`, whose callbacks queue what happened for
//! the next [`Socket::poll`]. The page has one thread, so the connections live in a
//! thread-local table and a [`Socket`] is only their number (it can sit in a Bevy resource).

use super::{SocketEvent, close_reason};
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;
use web_sys::{CloseEvent, Event, MessageEvent, WebSocket};

/// One connection. Dropping it closes the connection and silences its callbacks.
pub struct Socket {
    id: u64,
}

/// What the callbacks saw, waiting for the next poll.
#[derive(Default)]
struct Heard {
    events: VecDeque<SocketEvent>,
    /// `Closed` was queued: nothing more is (the page fires `error` and then `close`).
    closed: bool,
}

impl Heard {
    fn push(&mut self, event: SocketEvent) {
        if self.closed {
            return;
        }
        self.closed = matches!(event, SocketEvent::Closed(_));
        self.events.push_back(event);
        super::wake();
    }
}

struct Conn {
    ws: Option<WebSocket>,
    heard: Rc<RefCell<Heard>>,
    /// Frames sent while the connection was still opening.
    pending: Vec<String>,
    // The callbacks, kept alive while the page may call them.
    _on_open: Option<Closure<dyn FnMut(Event)>>,
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    _on_close: Option<Closure<dyn FnMut(CloseEvent)>>,
}

thread_local! {
    static CONNS: RefCell<HashMap<u64, Conn>> = RefCell::new(HashMap::new());
    static NEXT: Cell<u64> = const { Cell::new(1) };
}

/// The message of a JavaScript error, or its printed form.
fn js_text(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

impl Socket {
    /// Connects to `url` (`ws://HOST:PORT/ws` or `wss://…`).
    pub fn connect(url: &str) -> Socket {
        let id = NEXT.with(|n| {
            let id = n.get();
            n.set(id + 1);
            id
        });
        let heard = Rc::new(RefCell::new(Heard::default()));
        let mut conn = Conn {
            ws: None,
            heard: heard.clone(),
            pending: Vec::new(),
            _on_open: None,
            _on_message: None,
            _on_close: None,
        };
        match WebSocket::new(url) {
            Err(e) => heard
                .borrow_mut()
                .push(SocketEvent::Closed(format!("{url}: {}", js_text(&e)))),
            Ok(ws) => {
                let on_open = Closure::<dyn FnMut(Event)>::new({
                    let heard = heard.clone();
                    move |_: Event| heard.borrow_mut().push(SocketEvent::Opened)
                });
                let on_message = Closure::<dyn FnMut(MessageEvent)>::new({
                    let heard = heard.clone();
                    move |e: MessageEvent| {
                        // The server sends text frames only; anything else is not ours.
                        if let Some(text) = e.data().as_string() {
                            heard
                                .borrow_mut()
                                .push(SocketEvent::Text(text, crate::net::clock::now()));
                        }
                    }
                });
                let on_close = Closure::<dyn FnMut(CloseEvent)>::new({
                    let heard = heard.clone();
                    move |e: CloseEvent| {
                        heard
                            .borrow_mut()
                            .push(SocketEvent::Closed(close_reason(e.code(), &e.reason())))
                    }
                });
                ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
                ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
                ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
                conn.ws = Some(ws);
                conn._on_open = Some(on_open);
                conn._on_message = Some(on_message);
                conn._on_close = Some(on_close);
            }
        }
        CONNS.with(|c| c.borrow_mut().insert(id, conn));
        Socket { id }
    }

    /// Queues a text frame (sent at once when the connection is open).
    pub fn send(&self, text: String) {
        CONNS.with(|c| {
            let mut conns = c.borrow_mut();
            let Some(conn) = conns.get_mut(&self.id) else {
                return;
            };
            conn.pending.push(text);
            flush(conn);
        });
    }

    /// Everything that happened since the last poll.
    pub fn poll(&self) -> Vec<SocketEvent> {
        CONNS.with(|c| {
            let mut conns = c.borrow_mut();
            let Some(conn) = conns.get_mut(&self.id) else {
                return Vec::new();
            };
            flush(conn);
            conn.heard.borrow_mut().events.drain(..).collect()
        })
    }
}

/// Sends the frames waiting for the connection to open, once it is.
fn flush(conn: &mut Conn) {
    let Some(ws) = &conn.ws else {
        return;
    };
    if ws.ready_state() != WebSocket::OPEN {
        return;
    }
    for text in conn.pending.drain(..) {
        if let Err(e) = ws.send_with_str(&text) {
            conn.heard
                .borrow_mut()
                .push(SocketEvent::Closed(format!("send: {}", js_text(&e))));
            break;
        }
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        let conn = CONNS.with(|c| c.borrow_mut().remove(&self.id));
        // The callbacks are unset before they are dropped with `conn`.
        if let Some(ws) = conn.as_ref().and_then(|c| c.ws.as_ref()) {
            ws.set_onopen(None);
            ws.set_onmessage(None);
            ws.set_onclose(None);
            let _ = ws.close();
        }
    }
}
