//! Catching a panic so a long soak or fuzz run reports it and goes on: the panic's message and
//! place are kept instead of printed, on this thread only (other threads, and panics outside a
//! [`catch`], still print as usual).

use std::any::Any;
use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe, PanicHookInfo};
use std::sync::Once;

thread_local! {
    /// `Some` while this thread runs inside [`catch`]: the message of the panic, once there is one.
    static CAPTURE: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

fn payload_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".to_string()
    }
}

fn describe(info: &PanicHookInfo<'_>) -> String {
    let text = payload_text(info.payload());
    match info.location() {
        Some(l) => format!("{text} (at {}:{})", l.file(), l.line()),
        None => text,
    }
}

fn install() {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let kept = CAPTURE.with(|c| match c.try_borrow_mut() {
                Ok(mut c) => match c.as_mut() {
                    Some(slot) => {
                        *slot = Some(describe(info));
                        true
                    }
                    None => false,
                },
                Err(_) => false,
            });
            if !kept {
                previous(info);
            }
        }));
    });
}

/// Runs `f`; a panic inside it comes back as its message and place instead of unwinding further.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install();
    let outer = CAPTURE.with(|c| c.replace(Some(None)));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    let message = CAPTURE.with(|c| c.replace(outer)).flatten();
    result.map_err(|payload| message.unwrap_or_else(|| payload_text(payload.as_ref())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_caught_with_its_message_and_place() {
        let e = catch(|| -> u32 { panic!("boom {}", 7) }).unwrap_err();
        assert!(e.starts_with("boom 7 (at "), "{e}");
        assert!(e.contains("panics.rs"), "{e}");
        assert_eq!(catch(|| 3), Ok(3));
        // Nested catches keep their own messages.
        let outer = catch(|| {
            let inner = catch(|| -> () { panic!("inner") });
            assert!(inner.unwrap_err().starts_with("inner"));
            panic!("outer")
        });
        assert!(outer.unwrap_err().starts_with("outer"));
    }
}
