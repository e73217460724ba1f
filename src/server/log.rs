//! The server's log: one JSON object a line on standard error, for a collector to read as it
//! is. Every line has `ts` (milliseconds since 1970), `level` (`info`, `warn`, `error`) and
//! `msg`; a line about a table has its `table` code, one about a connection its `conn` number
//! (the number the server gave it: the same on every line of that connection), and both where
//! both are known. Other fields name what the line is about (`game`, `seat`, `code`…).

use serde_json::{Map, Value};

/// A line's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Info,
    Warn,
    Error,
}

impl Level {
    fn name(self) -> &'static str {
        match self {
            Level::Info => "info",
            Level::Warn => "warn",
            Level::Error => "error",
        }
    }
}

/// One line of the log, as it is written (no newline).
pub fn line(level: Level, msg: &str, fields: &[(&str, Value)]) -> String {
    let mut m = Map::new();
    m.insert("ts".into(), Value::from(crate::server::now_ms()));
    m.insert("level".into(), Value::from(level.name()));
    m.insert("msg".into(), Value::from(msg));
    for (k, v) in fields {
        m.insert((*k).to_string(), v.clone());
    }
    Value::Object(m).to_string()
}

/// Writes one line to standard error.
pub fn event(level: Level, msg: &str, fields: &[(&str, Value)]) {
    eprintln!("{}", line(level, msg, fields));
}

pub fn info(msg: &str, fields: &[(&str, Value)]) {
    event(Level::Info, msg, fields);
}

pub fn warn(msg: &str, fields: &[(&str, Value)]) {
    event(Level::Warn, msg, fields);
}

pub fn error(msg: &str, fields: &[(&str, Value)]) {
    event(Level::Error, msg, fields);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_one_json_object_with_its_fields() {
        let l = line(
            Level::Warn,
            "refused \"x\"\nagain",
            &[("table", "K7M2QX".into()), ("conn", 12.into())],
        );
        assert!(!l.contains('\n'));
        let v: Value = serde_json::from_str(&l).unwrap();
        assert_eq!(v["level"], "warn");
        assert_eq!(v["msg"], "refused \"x\"\nagain");
        assert_eq!(v["table"], "K7M2QX");
        assert_eq!(v["conn"], 12);
        assert!(v["ts"].as_u64().unwrap() > 1_700_000_000_000);
    }
}
