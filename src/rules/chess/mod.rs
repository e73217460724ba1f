//! Artifact Chess (`spec/artifact-chess.md`): armies, dice combat, wounds and artifacts.
//! Filled in by issues #7 and #8.
