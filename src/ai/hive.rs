//! The hive engine. Filled in by its rules issue.
