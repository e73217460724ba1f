//! Ash & Walnut (`spec/ash-and-walnut.md`): Hive's rules under the five creatures' names.
//! Filled in by issue #6.
