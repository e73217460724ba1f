//! Snēlab, the court game (`spec/snelab.md`): pieces, routes, payments and the verdict.
//! Filled in by issue #3.
