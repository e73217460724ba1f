//! `tables loadtest` (written next).
