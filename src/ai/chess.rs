//! The chess engine. Filled in by its rules issue.
