//! The snelab engine. Filled in by its rules issue.
