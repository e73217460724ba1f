//! What differs between the desktop and the browser, behind small functions: the wall clock,
//! whether work may go to another thread and where the launch flags come from. Everything else
//! (saves, assets, audio) goes through Bevy plugins that already pick the right backend per
//! platform.

/// Seconds since the Unix epoch (0 if the clock is unreadable). `std::time::SystemTime` panics
/// in the browser, so there the page's clock is read instead.
pub fn now_secs() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    }
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Date::now() / 1000.0) as u64
    }
}

/// A seed that differs from run to run (coin flips, the engine's tie-breaks): the clock's
/// nanoseconds mixed with the address of a fresh allocation. Not for anything secret.
pub fn entropy() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    #[cfg(target_arch = "wasm32")]
    let clock = (js_sys::Date::now() * 1000.0) as u64 ^ (js_sys::Math::random() * 1e15) as u64;
    let here = Box::new(0u8);
    let addr = &*here as *const u8 as u64;
    // SplitMix64's finaliser spreads the bits.
    let mut z = clock ^ addr.rotate_left(32);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Whether the browser says it has no network (`navigator.onLine` false): online play then
/// says plainly that it needs one. On the desktop, never (a refused connection says why).
pub fn offline() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        use js_sys::{Reflect, global};
        Reflect::get(&global(), &"navigator".into())
            .and_then(|navigator| Reflect::get(&navigator, &"onLine".into()))
            .ok()
            .and_then(|on| on.as_bool())
            .is_some_and(|on| !on)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// Whether the page's main pointer is a finger (`(pointer: coarse)`: a phone, a tablet): the
/// panels then get touch-sized targets from the start. On the desktop, no (a touch there turns
/// them on when it comes).
pub fn coarse_pointer() -> bool {
    crate::settings::page_media_matches("(pointer: coarse)")
}

/// Whether engines may search on a worker thread. In the browser there are no threads: engines
/// search in small slices across frames instead.
pub const THREADS: bool = cfg!(not(target_arch = "wasm32"));

/// The launch flags a page's query may give.
pub const PAGE_FLAGS: [&str; 13] = [
    "scene",
    "lang",
    "online",
    "game",
    "server",
    "autoplay",
    "rematch",
    "probe",
    "replay",
    "continuous",
    "touch",
    "look",
    "view-scale",
];

/// The page flags that are switches, without a value: `?probe=1` (or `?probe`) is `--probe`.
pub const PAGE_SWITCHES: [&str; 3] = ["probe", "continuous", "touch"];

/// A page query's `name=value` as launch flags: a switch stands alone when its value is empty,
/// `1`, `true`, `on` or `yes`, and is left out otherwise.
pub fn page_flag(name: &str, value: &str) -> Option<Vec<String>> {
    if PAGE_SWITCHES.contains(&name) {
        let on = ["", "1", "true", "on", "yes"].contains(&value.to_ascii_lowercase().as_str());
        return on.then(|| vec![format!("--{name}")]);
    }
    Some(vec![format!("--{name}"), value.to_string()])
}

/// The launch flags of a page: those of [`PAGE_FLAGS`] in its address's query, as flags, so
/// `?scene=snelab&lang=pt` starts like `--scene snelab --lang pt` and
/// `?online=join:k7m2qx&server=ws://example.org:7878/ws` sits at an online table. Anything else
/// in the query, or a value the flags reject, is left out: a page always starts.
#[cfg(target_arch = "wasm32")]
pub fn page_args() -> Vec<String> {
    use js_sys::{Reflect, global};
    let query = Reflect::get(&global(), &"location".into())
        .and_then(|location| Reflect::get(&location, &"search".into()))
        .ok()
        .and_then(|search| search.as_string())
        .unwrap_or_default();
    let mut args = Vec::new();
    for pair in query.trim_start_matches('?').split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = js_sys::decode_uri_component(value)
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        let Some(flag) = page_flag(name, &value) else {
            continue;
        };
        let staged = crate::app::staged_scenes();
        let desktop_tool = name == "scene" && crate::app::dev::DESKTOP_SCENES.contains(&&*value);
        if PAGE_FLAGS.contains(&name)
            && !desktop_tool
            && crate::launch::parse(&flag, &staged).is_ok()
        {
            args.extend(flag);
        }
    }
    args
}

/// The clipboard's text once the browser answers [`request_paste`] (`Err`: why it would not).
#[cfg(target_arch = "wasm32")]
static PASTED: std::sync::Mutex<Option<Result<String, String>>> = std::sync::Mutex::new(None);

/// Asks the page's clipboard for its text; the answer comes later, through [`take_pasted`]. In
/// the browser a paste reaches the game only this way: the page's `paste` event fires where an
/// editable element has the focus, and egui's fields are drawn on the canvas. The browser may
/// ask the player first, and gives no clipboard to a page that is not secure (https or
/// localhost).
#[cfg(target_arch = "wasm32")]
pub fn request_paste() {
    use js_sys::{Function, Promise, Reflect, global};
    use wasm_bindgen::{JsCast, JsValue, closure::Closure};
    fn answer(r: Result<String, String>) {
        if let Ok(mut slot) = PASTED.lock() {
            *slot = Some(r);
        }
    }
    fn why(e: JsValue) -> String {
        e.as_string()
            .or_else(|| {
                Reflect::get(&e, &"message".into())
                    .ok()
                    .and_then(|m| m.as_string())
            })
            .unwrap_or_else(|| "the browser gave no clipboard to this page".to_string())
    }
    let read = || -> Result<Promise, JsValue> {
        let navigator = Reflect::get(&global(), &"navigator".into())?;
        let clipboard = Reflect::get(&navigator, &"clipboard".into())?;
        let read_text: Function = Reflect::get(&clipboard, &"readText".into())?.dyn_into()?;
        Ok(read_text.call0(&clipboard)?.dyn_into::<Promise>()?)
    };
    match read() {
        Err(e) => answer(Err(why(e))),
        Ok(promise) => {
            let ok = Closure::<dyn FnMut(JsValue)>::once(move |v: JsValue| {
                answer(Ok(v.as_string().unwrap_or_default()))
            });
            let err = Closure::<dyn FnMut(JsValue)>::once(move |e: JsValue| answer(Err(why(e))));
            let _ = promise.then2(&ok, &err);
            // The promise holds them until it settles, once.
            ok.forget();
            err.forget();
        }
    }
}

/// Calls `then` once, after `wait` (the page's `setTimeout`): the game's alarm (`app::calm`).
#[cfg(target_arch = "wasm32")]
pub fn after(wait: std::time::Duration, then: impl FnOnce() + 'static) {
    use js_sys::{Function, Reflect, global};
    use wasm_bindgen::{JsCast, JsValue, closure::Closure};
    let set = Reflect::get(&global(), &"setTimeout".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok());
    if let Some(set) = set {
        // Freed by the page once called.
        let callback = Closure::once_into_js(then);
        let ms = JsValue::from_f64(wait.as_secs_f64() * 1000.0);
        let _ = set.call2(&global(), &callback, &ms);
    }
}

/// The answer to the last [`request_paste`], once (None while the browser has not answered).
#[cfg(target_arch = "wasm32")]
pub fn take_pasted() -> Option<Result<String, String>> {
    PASTED.lock().ok().and_then(|mut slot| slot.take())
}

/// The game's data folder on the desktop (saves and records): the platform's own (on Linux
/// `$XDG_DATA_HOME/carved-tables` or `~/.local/share/carved-tables`), the one the game has
/// always used.
#[cfg(not(target_arch = "wasm32"))]
pub fn data_dir() -> Option<std::path::PathBuf> {
    directories::ProjectDirs::from("", "CarvedTables", "carved-tables")
        .map(|d| d.data_dir().to_path_buf())
}

/// Where saved game records go on the desktop: `records/` in the data folder (`--data-dir`, else
/// [`data_dir`]), else the working folder.
#[cfg(not(target_arch = "wasm32"))]
pub fn records_dir(data_dir: Option<&std::path::Path>) -> std::path::PathBuf {
    match data_dir
        .map(std::path::Path::to_path_buf)
        .or_else(self::data_dir)
    {
        Some(d) => d.join("records"),
        None => std::path::PathBuf::from("records"),
    }
}

/// Saves a text file for the player: on the desktop into `dir` (made when missing), returning
/// the path written; in the browser as a download named `name`, returning the name.
pub fn save_text(dir: &std::path::Path, name: &str, text: &str) -> Result<String, String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.display().to_string())
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = dir;
        let download = js_sys::Function::new_with_args(
            "name, text",
            "const url = URL.createObjectURL(new Blob([text], {type: 'text/plain'}));\
             const a = document.createElement('a'); a.href = url; a.download = name;\
             document.body.appendChild(a); a.click(); a.remove(); URL.revokeObjectURL(url);",
        );
        download
            .call2(&js_sys::global(), &name.into(), &text.into())
            .map_err(|e| format!("{e:?}"))?;
        Ok(name.to_string())
    }
}

/// Reads a text file the player names (desktop only: the browser pastes instead).
pub fn read_text(path: &str) -> Result<String, String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::fs::read_to_string(path.trim()).map_err(|e| format!("{}: {e}", path.trim()))
    }
    #[cfg(target_arch = "wasm32")]
    {
        Err(format!(
            "{path}: files are not read in the browser; paste the text"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_query_becomes_flags_and_switches_stand_alone() {
        let words = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            page_flag("scene", "hive"),
            Some(words(&["--scene", "hive"]))
        );
        assert_eq!(page_flag("scene", ""), Some(words(&["--scene", ""])));
        for on in ["", "1", "true", "On"] {
            assert_eq!(page_flag("probe", on), Some(words(&["--probe"])), "{on}");
        }
        assert_eq!(page_flag("probe", "0"), None);
        assert_eq!(page_flag("probe", "no"), None);
        for name in PAGE_SWITCHES {
            assert!(PAGE_FLAGS.contains(&name));
        }
    }
}
