//! The files the game reads before its first frame: its words (Fluent), lessons, puzzles and
//! interface fonts.
//!
//! The desktop program carries them inside itself. The browser build does not: they are fetched
//! beside the `.wasm`, in parallel with it, by `web/index.html` (its `BUNDLED` list is
//! [`FILES`], which a test keeps equal), and handed to the game as a JavaScript object
//! (`globalThis.carvedTablesFiles`, path → bytes) before it starts. Carried inside the `.wasm`
//! they were a fifth of a megabyte of its gzipped download (`web/README.md`), and served apart
//! they are cached apart: a new release whose words are unchanged does not send them again.

/// Lists the bundled files once: [`FILES`], and on the desktop the match that carries them.
macro_rules! bundled {
    ($($file:literal),* $(,)?) => {
        /// Every bundled file, by its path from the project's root (and the site's).
        pub const FILES: &[&str] = &[$($file),*];

        /// A carried file's bytes, compiled into the program.
        #[cfg(not(target_arch = "wasm32"))]
        fn carried(path: &str) -> Option<&'static [u8]> {
            match path {
                $($file => Some(include_bytes!(concat!("../", $file)).as_slice()),)*
                _ => None,
            }
        }
    };
}

bundled!(
    "assets/i18n/en/main.ftl",
    "assets/i18n/en/chess.ftl",
    "assets/i18n/en/snelab.ftl",
    "assets/i18n/en/hive.ftl",
    "assets/i18n/en/learn.ftl",
    "assets/i18n/en/online.ftl",
    "assets/i18n/en/review.ftl",
    "assets/i18n/pt/main.ftl",
    "assets/i18n/pt/chess.ftl",
    "assets/i18n/pt/snelab.ftl",
    "assets/i18n/pt/hive.ftl",
    "assets/i18n/pt/learn.ftl",
    "assets/i18n/pt/online.ftl",
    "assets/i18n/pt/review.ftl",
    "assets/i18n/ru/main.ftl",
    "assets/i18n/ru/chess.ftl",
    "assets/i18n/ru/snelab.ftl",
    "assets/i18n/ru/hive.ftl",
    "assets/i18n/ru/learn.ftl",
    "assets/i18n/ru/online.ftl",
    "assets/i18n/ru/review.ftl",
    "assets/learn/snelab.en.ron",
    "assets/learn/snelab.pt.ron",
    "assets/learn/snelab.ru.ron",
    "assets/learn/hive.en.ron",
    "assets/learn/hive.pt.ron",
    "assets/learn/hive.ru.ron",
    "assets/learn/chess.en.ron",
    "assets/learn/chess.pt.ron",
    "assets/learn/chess.ru.ron",
    "assets/puzzles/snelab.ron",
    "assets/puzzles/hive.ron",
    "assets/puzzles/chess.ron",
    "fonts/ui-text.ttf",
    "fonts/ui-mono.ttf",
    "fonts/ui-symbols.ttf",
    "fonts/ui-icons.ttf",
);

/// A bundled file's bytes, or an empty slice for a path not in [`FILES`] (or, in the browser, a
/// file the page could not hand over: `web/index.html` does not start the game without them).
pub fn bytes(path: &str) -> &'static [u8] {
    imp::bytes(path).unwrap_or(&[])
}

/// A bundled text file: its bytes as UTF-8, or "" where they are missing or not UTF-8 (every
/// reader of these texts treats an empty text as one that says nothing, and falls back to the
/// English or the built-in default).
pub fn text(path: &str) -> &'static str {
    std::str::from_utf8(bytes(path)).unwrap_or("")
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    pub(super) fn bytes(path: &str) -> Option<&'static [u8]> {
        super::carried(path)
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::collections::HashMap;
    use std::sync::OnceLock;

    /// The files the page handed over, read once from `globalThis.carvedTablesFiles` and kept
    /// for the rest of the page's life.
    fn handed() -> &'static HashMap<&'static str, &'static [u8]> {
        static HANDED: OnceLock<HashMap<&'static str, &'static [u8]>> = OnceLock::new();
        HANDED.get_or_init(|| {
            let mut out = HashMap::new();
            let Ok(files) = js_sys::Reflect::get(&js_sys::global(), &"carvedTablesFiles".into())
            else {
                return out;
            };
            if files.is_undefined() || files.is_null() {
                return out;
            }
            for &path in super::FILES {
                let Ok(value) = js_sys::Reflect::get(&files, &path.into()) else {
                    continue;
                };
                if value.is_undefined() || value.is_null() {
                    continue;
                }
                let array = js_sys::Uint8Array::new(&value);
                out.insert(path, &*Vec::leak(array.to_vec()));
            }
            out
        })
    }

    pub(super) fn bytes(path: &str) -> Option<&'static [u8]> {
        handed().get(path).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_file_is_carried_and_nothing_else() {
        for &path in FILES {
            assert!(!bytes(path).is_empty(), "{path} is listed but not carried");
            let on_disk = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/").to_owned() + path)
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(bytes(path), on_disk.as_slice(), "{path}");
        }
        assert!(bytes("assets/theme.ron").is_empty());
        assert!(bytes("").is_empty());
        assert_eq!(text("fonts/nothing.ttf"), "");
    }

    /// The page fetches exactly these files before it starts the game: its list is this one.
    #[test]
    fn the_page_fetches_every_bundled_file() {
        let page = include_str!("../web/index.html");
        let start = page
            .find("const BUNDLED = [")
            .expect("web/index.html lists BUNDLED");
        let end = start + page[start..].find("];").expect("the list's end");
        let listed: Vec<&str> = page[start..end].split('"').skip(1).step_by(2).collect();
        assert_eq!(listed, FILES.to_vec());
    }
}
