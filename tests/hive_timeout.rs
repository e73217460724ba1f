//! The timeout move is part of every saved game record: `tables verify` recomputes it for each
//! move marked `timeout`, so records saved today must keep verifying. These pins were taken from
//! the engine as it was when records were first saved (positions from seeded random games, from
//! the third ply to the ninety-second); any change to the timeout move's search, evaluation or
//! move order fails here. Improve the playing engine elsewhere, never `timeout_move`.

use carved_tables::ai::hive::timeout_move;
use carved_tables::rules::hive::State;

/// (GameString, the timeout move in that position).
const PINS: &[(&str, &str)] = &[
    (
        "Base;InProgress;White[11];wG1;bA1 wG1-;wB1 -wG1;bQ bA1\\;wA1 -wB1;bS1 /bQ;wQ wB1\\;bG1 bA1/;wB2 -wQ;bB1 bS1-;wB2 wA1;bA2 \\bG1;wS1 \\wB2;bS2 -bA2;wG2 \\wB1;bA3 bG1/;wS2 -wQ;bA3 wS2\\;wB2 wS2;bG2 bA3\\",
        "wB1 wG1",
    ),
    (
        "Base;InProgress;Black[19];wS1;bS1 \\wS1;wG1 /wS1;bS2 -bS1;wA1 -wG1;bG1 bS1/;wQ /wA1;bQ \\bG1;wA2 wQ\\;bA1 -bG1;wS2 wS1-;bA1 wS2-;wA2 \\bS2;bA1 wG1-;wA3 -wA1;bA2 bG1-;wQ /wA3;bA1 -bQ;wA2 \\wA1;bA2 \\bA1;wA1 wG1\\;bA3 bG1-;wG2 -wA1;bA2 bA3/;wG3 wA1\\;bA1 -wA2;wB1 -wQ;bA2 wS2/;wB2 -wG3;bA1 -bG1;wA1 \\wB1;bA3 \\wA1;wG3 -wB2;bA1 -wA2;wG3 wB2-;bA2 \\bS2;wS2 bG1/",
        "bA1 wB1\\",
    ),
    (
        "Base;InProgress;White[28];wA1;bG1 wA1-;wA2 \\wA1;bB1 bG1\\;wG1 -wA1;bS1 /bB1;wQ wG1\\;bQ /bS1;wG1 -bS1;bG2 bG1/;wS1 -wQ;bB2 /bQ;wA2 -bG2;bS2 bB1/;wS2 \\wA2;bG3 bS2-;wA1 bG3\\;bB2 bQ\\;wA3 -wG1;bB2 /bQ;wA1 -wA3;bA1 bS1-;wB1 -wA2;bA2 bB2-;wB1 wS2;bA2 bA1\\;wS1 /wA1;bA3 bG3-;wB2 wB1/;bA3 /wS1;wB1 \\bG2;bA3 bA2\\;wB1 wB2-;bA3 bG3\\;wG2 -wQ;bA3 -bA2;wA3 -wA2;bA2 bG3-;wA3 -wG1;bA2 -wA1;wB1 wB2;bA3 wS1-;wG2 -bQ;bB2 bA3\\;wA1 -wB1;bA2 bA1-;wA3 wB1-;bQ bS1\\;wA1 wA3-;bA2 wA1/;wG3 /wS1;bA1 bQ\\;wB1 wA3;bA1 /bB2",
        "wB1 \\bG2",
    ),
    (
        "Base;InProgress;Black[36];wS1;bS1 \\wS1;wB1 /wS1;bA1 \\bS1;wA1 wS1-;bS2 -bA1;wQ wB1\\;bQ -bS1;wA2 wQ-;bA1 wA2/;wA3 -wQ;bA1 wA3\\;wB2 wA1/;bB1 bS2/;wG1 \\wA2;bA1 wA2/;wA3 bB1-;bA1 -bQ;wB1 wG1;bA1 -wB2;wA2 wA3-;bB2 \\bB1;wA1 -bB1;bG1 /bQ;wB2 bA1;bA2 -bG1;wG2 /wQ;bA3 /bA2;wA2 wB1-;bG2 bA3-;wA2 bA3\\;bA2 /wG2;wG3 wB2-;bA2 wA3-;wS2 /wA2;bA3 -wQ;wA1 /wS2;bA2 -bG1;wA3 /wG2;bA2 \\wG3;wB1 wQ;bG3 bB2/;wA1 wA3\\;bA3 wG3-;wA1 bA3-;bA2 bG3-;wA3 bA2-;pass;wA3 \\bS1;bA2 -wS2;wA1 -bG1;bA3 bG3-;wA1 -wB1;bA3 \\wB2;wA1 -bS2;bA3 bG3-;wA3 wS2\\;bA2 /wG2;wA1 bG2-;bA3 -bQ;wB2 \\wG3;bA2 bG3/;wA3 -wG2;bA3 wS2\\;wA1 -wS1;bA2 -bG1;wB2 wG3/;bA3 wG1/;wA3 -bG3;bA1 -wG2;wA3 wG1-",
        "bS1 \\wB2",
    ),
    (
        "Base;InProgress;White[45];wS1;bB1 wS1\\;wQ \\wS1;bB2 bB1\\;wS2 \\wQ;bA1 bB2\\;wA1 \\wS2;bQ /bA1;wA1 wS1/;bG1 -bB2;wA1 bA1/;bS1 /bQ;wG1 \\wS2;bS2 -bS1;wA1 bB1/;bG2 bQ-;wB1 -wS2;bG1 bA1/;wA1 \\bG1;bB2 -bA1;wB2 wG1/;bS2 \\bB2;wG2 wB2/;bA2 bG2\\;wA2 -wS1;bA2 -bS1;wG3 wB2-;bG3 bS1\\;wA1 -wG2;bA3 bG3\\;wA1 -bA2;bA3 -wG2;wA1 wS2/;bG3 -bQ;wA2 -wG1;bA3 -bS2;wG3 \\wG2;bA2 -bG3;wA1 -wG3;bA2 bG1/;wA3 -wA1;bA2 -bS1;wA3 -bA2;bA3 bG2/;wA3 \\wG3;bA2 bS1\\;wA1 wA3/;bA3 bG2\\;wA2 -wQ;bA3 -wB2;wA1 bA2\\;bA3 wB2-;wA1 bA3/;bA2 \\wA1;wA3 bB1/;bA3 bG1/;wA3 -bG3;bA3 -wA2;wA3 \\bA2;bA2 wA1-;wA2 wA1\\;bS1 -bB2;wA2 \\wA3;bA3 bB1/;wA2 bG1/;bA3 -wB1;wA2 bB1/;bG1 bG3\\;wA3 -wB2;bA2 /bA3;wA1 -bA2;bA1 \\wG3;wA3 \\bA1;bS1 /bG1;wA1 /bS1;bA2 wG2/;wA2 bA2-;bG3 bS1-;wA3 bB2/;bA1 wA1\\;wA2 bA1-;bA2 -bA3;wA2 bG3-;bA1 -wA1;wA2 bB1/;bA1 wA2-;wA3 \\bG2;bA2 wQ/",
        "wA1 -bQ",
    ),
    (
        "Base;InProgress;Black[8];wB1;bA1 -wB1;wB2 wB1/;bG1 /bA1;wG1 \\wB2;bQ -bG1;wQ wB2/;bQ /bG1;wA1 wB1\\;bS1 bQ\\;wA2 -wG1;bG2 bS1\\;wA1 -bG2;bB1 -bG1;wA2 \\wG1",
        "bB1 bG1",
    ),
    (
        "Base;InProgress;White[17];wB1;bG1 wB1\\;wA1 -wB1;bA1 bG1\\;wA2 \\wB1;bG2 bA1\\;wQ \\wA2;bQ bG2-;wA1 bG2\\;bQ wA1-;wS1 -wA2;bB1 bA1/;wS2 wB1/;bG3 -bA1;wA3 wQ/;bB2 -bG2;wG1 -wS1;bA2 -bG3;wG2 \\wG1;bS1 /bA2;wG3 -wG2;bB2 bG3;wA3 bQ\\;bB2 -bG2;wB2 /wG1;bB2 bS1-;wB2 wG1\\;bA2 bB1-;wS2 bA2/;bS1 -wB1;wA2 wA3-;bS2 -bG3",
        "wA2 \\bQ",
    ),
    (
        "Base;InProgress;Black[25];wB1;bG1 wB1\\;wG1 \\wB1;bS1 bG1\\;wG2 wG1/;bG2 -bS1;wQ wG2-;bQ bS1/;wG3 \\wQ;bB1 /bG2;wA1 -wG1;bS1 /bB1;wB2 wQ\\;bA1 -bS1;wA1 /bA1;bB2 bG2-;wS1 -wG3;bA2 bQ-;wA1 \\bA1;bA2 -wG1;wA1 bB1-;bA2 wQ/;wS2 -wG2;bG3 bA2/;wA1 wB2/;bA1 /bS1;wA1 -bG2;bA1 \\wA1;wS1 \\bG3;bA1 bG3/;wA2 wB2-;bA1 \\wS2;wA3 wA2-;bA3 bA2-;wA1 wA3/;bA3 bG3-;wA1 \\wA2;bA3 -wG3;wA1 bG3/;bA3 wA1/;wA3 wA1-;bA1 -bG1;wA3 \\wG3;bA3 bB1-;wA2 bQ/;bB2 bG1;wA3 bS1-;bA3 wB2/;wA3 -bG3",
        "bG3 -wB2",
    ),
    (
        "Base;InProgress;White[34];wA1;bB1 \\wA1;wQ wA1\\;bS1 bB1/;wS1 /wQ;bG1 -bS1;wA2 /wS1;bQ bS1/;wB1 -wS1;bG1 wS1-;wA2 bG1\\;bG2 -bB1;wA2 wS1\\;bA1 bG1-;wA2 \\bQ;bA2 -bG2;wB2 wA2/;bB2 bS1-;wG1 wB1\\;bA1 \\wB2;wS2 wQ/;bB2 bQ-;wB1 -wG1;bA1 wB2/;wG2 -wS1;bA1 bS1-;wG3 -wA2;bA3 bA1-;wA3 -wG2;bA3 \\wG3;wA3 -bA2;bS2 bA2\\;wA3 \\bA3;bA1 bB2\\;wA3 -wG2;bA3 -bA1;wA3 wB2-;bA2 -wA1;wA3 bA1\\;bB2 bA1/;wB2 bQ/;bA2 wB2/;wS2 /wA3;bA2 wA3/;wG1 -wB1;bB2 bA1;wS2 wQ/;bA2 -wQ;wS1 wG1\\;bG3 bG1-;wA3 bB2-;bB2 \\bA1;wA3 wS1-;bA1 -bG1;wA3 \\wG3;bA1 wA3/;wB2 wA2/;bA3 \\wG1;wS2 bG3-;bA3 -bS2;wB2 \\wA2;bA1 wS2\\;wA3 \\wG1;bA1 /wG3;wA3 bB2-;bA3 wS1-",
        "wA3 bS1-",
    ),
    (
        "Base;InProgress;Black[42];wB1;bG1 wB1\\;wS1 wB1/;bB1 bG1-;wA1 wS1-;bS1 bB1-;wQ wA1/;bQ bG1\\;wA2 \\wQ;bA1 -bQ;wS2 \\wA2;bA1 -bG1;wA3 wQ/;bS2 bS1/;wA3 \\bS2;bG2 /bA1;wG1 \\wS2;bB2 bS1\\;wA3 -bB2;bB1 wA3;wB2 wQ-;bB1 bS1;wG2 wG1/;bS2 -bB1;wG3 -wA2;bG2 -wQ;wA1 wB2-;bA1 bB2\\;wA2 wS2-;bA1 -wS2;wA3 -bG2;bB1 -bB2;wA3 \\wG2;bA1 wA1\\;wA3 bA1\\;bB1 bQ\\;wA2 -wG1;bA2 -bB1;wA3 bS1/;bA1 wS2/;wA2 -bG1;bG3 -bA2;wA1 bB2\\;bA1 \\wG2;wA3 \\bA1;bA3 bS1/;wA2 -wG3;bA3 wS1-;wA3 wA1/;bA3 wQ\\;wA1 -bG2;bA3 bA2\\;wA2 -bG1;bA3 wS2-;wA2 -wS2;bG3 bB1-;wA3 bB2/;bB1 bA2\\;wA3 bB2-;bA3 -wA1;wA2 \\wA3;bA3 wB2-;wA3 -wG1;bG3 wA2/;wA3 bG3-;bA1 \\wB2;wA1 \\wA3;bA1 -wS1;wB2 wQ\\;bA1 bB1/;wB2 wS1-;bA1 wQ/;wA3 /bB2;bA3 -wS1;wB2 wS1;bA1 \\bA3;wB2 bA3;bA1 -bG3;wA3 -bG1;bA1 wS2-;wA1 wG2-;bA1 \\wG2;wA3 -wG2",
        "bA1 wQ/",
    ),
    (
        "Base;InProgress;White[6];wA1;bG1 wA1\\;wQ \\wA1;bS1 /bG1;wG1 wA1/;bS2 bS1-;wB1 \\wG1;bQ /bS1;wB2 wG1/;bA1 -bS1",
        "wQ -wA1",
    ),
    (
        "Base;InProgress;Black[14];wB1;bG1 wB1-;wG1 \\wB1;bG2 bG1\\;wG2 -wB1;bS1 bG1/;wQ /wG2;bQ bS1/;wA1 -wG2;bG3 bQ/;wA1 bQ-;bA1 bG3/;wA1 -bG2;bS2 bG2\\;wG3 \\wG1;bA2 -bG3;wS1 -wG2;bA2 wG3/;wA1 /wQ;bA2 -bQ;wA1 -wS1;bA3 bA1/;wA1 \\bA2;bB1 bS1-;wS2 wQ-;bB2 bB1-;wA2 \\wS1",
        "bA3 /wQ",
    ),
    (
        "Base;InProgress;White[23];wS1;bB1 wS1\\;wQ \\wS1;bS1 bB1-;wB1 -wS1;bG1 bS1-;wA1 /wB1;bQ bG1-;wA1 bQ\\;bA1 bB1\\;wA1 -bA1;bG2 bQ/;wA2 \\wQ;bA1 \\bS1;wA2 wA1\\;bA1 wA2/;wS2 -wA1;bB2 bG2/;wA3 wQ/;bS2 \\bB2;wB2 -wA3;bA1 bG1\\;wA3 bA1\\;bA2 bQ-;wA3 wA2\\;bA3 bA1-;wA3 \\wS2;bA2 -bA1;wG1 -wA2;bA3 -wB2;wG2 -wB1;bA3 bB2-;wG3 wB2/;bG3 bA3/;wA3 bG3-;bA2 wG3-;wA3 wS1/;bA2 wG3/;wA3 bG2-;bA2 bS2/;wA3 -wG3;bA2 \\wA3;wA2 wG1\\;bA1 \\bS1",
        "wA2 bA1/",
    ),
    (
        "Base;InProgress;Black[31];wA1;bS1 wA1/;wS1 wA1\\;bG1 bS1/;wB1 -wS1;bQ bG1-;wQ -wA1;bA1 -bG1;wA2 \\wQ;bS2 bQ/;wB2 -wB1;bA1 wS1\\;wG1 -wB2;bB1 /bA1;wA2 bS1-;bB2 bQ-;wB1 wB2;bG2 bB1\\;wS2 \\wQ;bA2 bA1-;wA2 bS2/;bA2 \\bG1;wA2 -wG1;bG3 bA2/;wA2 bA1-;bG2 -bA1;wA2 bB1-;bA1 bB2-;wA2 bB2\\;bA1 wA2-;wB1 -wQ;bA1 wG1\\;wG2 wS2/;bG3 -bG1;wA2 -wG1;bA1 bB1/;wB1 \\wG1;bA2 wS1/;wA3 /wA2;bA1 bB2-;wA3 bB1-;bA2 bS2/;wA2 -bG2;bA2 bB1\\;wA3 bS1-;bA1 -wG2;wA2 wA3\\;bA2 wA2-;wB1 wG1;bA1 bB2-;wG3 \\wG2;bA1 -wG3;wS2 -bA1;bA2 -bS2;wB1 wG1\\;bA2 -wS2;wA2 -bB1;bB2 bS2-;wA3 -wQ;bA2 bQ\\;wG1 \\wQ",
        "bA2 /wA2",
    ),
    (
        "Base;InProgress;White[40];wA1;bB1 wA1\\;wQ -wA1;bS1 /bB1;wB1 \\wA1;bG1 /bS1;wA2 -wQ;bQ -bS1;wB2 -wA2;bB2 bG1\\;wB1 wQ;bA1 -bG1;wB2 \\wA2;bS2 /bA1;wG1 -wA2;bG2 /bS2;wS1 \\wB2;bA2 bB2\\;wS2 wS1/;bG3 bB1-;wA3 wS2/;bA2 wA1/;wG1 wB2/;bA3 bG2\\;wB1 wA2;bA2 wA3-;wB1 \\wQ;bA3 bA2-;wG2 -wS1;bG3 -bB1;wA1 bB2/;bB1 bG3/;wA1 bB2\\;bA3 -bS2;wB2 wB1;bA3 bB2/;wG3 wA1-;bA3 -wS2;wA2 wG3\\;bA2 bG2-;wA2 -bA1;bA2 -bA3;wA3 wG2\\;bS1 bB1/;wA3 /wG2;bA2 -wA1;wA3 bG2\\;bA2 -bA3;wA2 wA3-;bA2 wA3\\;wA2 \\bS1;bA2 bG1/;wA3 wG3\\;bA2 wG2\\;wA2 bG2-;bA2 wG3/;wB2 -bS1;bA2 bG1/;wA3 \\wS2;bA3 bA2/;wA2 bA2-;bA3 -wG2;wA2 bB1-;bA2 wG3-;wA2 \\wA3;bA2 bG2\\;wA2 -wA3;bA3 \\bS1;wA2 -bA1;bA2 wG3\\;wA3 bB2/;bA2 bS1-;wA2 -wG2;bA2 bA3/;wA3 -wA2;bA2 -bG3;wS2 \\bA3;bS1 wS2/",
        "wA3 -bA2",
    ),
    (
        "Base;InProgress;Black[3];wG1;bG1 \\wG1;wS1 /wG1;bB1 -bG1;wS2 -wS1",
        "bA1 \\bG1",
    ),
    (
        "Base;InProgress;White[12];wS1;bG1 \\wS1;wG1 wS1-;bB1 bG1/;wA1 /wS1;bA1 bB1/;wQ wA1\\;bQ -bG1;wG2 -wA1;bA1 -wG2;wQ wG2\\;bB2 \\bQ;wG1 -wS1;bS1 bB1-;wS1 wQ\\;bG2 \\bA1;wG3 wS1-;bS2 bS1\\;wS2 wG3/;bS2 \\bS1;wA1 \\bG2;bB2 -bQ",
        "wG1 \\bQ",
    ),
    (
        "Base;InProgress;Black[20];wA1;bG1 /wA1;wS1 \\wA1;bB1 bG1\\;wA2 wA1-;bG2 -bB1;wQ \\wS1;bQ bB1\\;wG1 wS1/;bB2 bQ\\;wG1 -wA1;bG3 -bB2;wG1 bB2\\;bA1 -bG2;wA2 bQ/;bS1 \\bA1;wG2 -wS1;bS1 /wG2;wB1 wA1-;bA1 /bG3;wB2 wG1\\;bS2 -bQ;wB1 \\wA2;bG1 wB2\\;wA2 -bG2;bQ bB2/;wS2 wA1/;bQ wG1/;wA2 \\wS2;bA2 /bA1;wQ \\wG2;bS1 \\bG2;wA2 bG1/;bA2 -bS1;wA2 -wG1;bA2 -wQ;wA2 \\bS1;bG1 \\bB2;wA3 wQ/",
        "bG2 -wG1",
    ),
    (
        "Base;InProgress;White[29];wS1;bS1 wS1-;wB1 \\wS1;bA1 bS1-;wA1 \\wB1;bG1 \\bA1;wQ \\wA1;bQ bS1\\;wA2 -wA1;bA2 bQ\\;wG1 -wS1;bG2 bA2-;wG2 wA1/;bA3 bA1/;wA3 wB1/;bG1 -bQ;wA3 \\wG2;bA3 wG2-;wA2 wB1/;bS2 bA2\\;wA1 /wG1;bA3 wA1\\;wS2 -wB1;bG1 \\bA1;wA3 bS2\\;bA1 -bS2;wA3 bA3\\;bB1 bG1/;wA3 bA3/;bA1 -wA1;wG1 wA2/;bG3 /bA1;wG3 \\wG2;bB2 bQ/;wB2 -wQ;bB2 \\bG2;wG3 \\wS2;bA2 \\bA1;wG2 -wB2;bA2 -bG3;wQ -wA2;bB1 bG1;wQ -wG1;bA3 -bA2;wG1 -wQ;bB1 \\bB2;wS2 /wG2;bB1 bS1;wG3 \\wB2;bA3 \\bB2;wS2 \\wG3;bA2 \\bA1;wS2 /wG2;bA2 -bG3;wG3 /wS2;bA3 \\wQ",
        "wG3 \\wB2",
    ),
    (
        "Base;InProgress;Black[37];wB1;bS1 wB1/;wQ -wB1;bB1 \\bS1;wA1 wQ\\;bQ -bB1;wS1 wA1-;bS2 \\bQ;wS2 wA1\\;bG1 bS1/;wG1 wS1-;bG2 \\bG1;wG2 wG1/;bA1 -bQ;wA1 bG1-;bA1 wS2-;wA1 -wS2;bA1 \\wA1;wA1 bS2/;bA1 wG2/;wA1 -wS1;bA1 wS2-;wB2 /wS2;bA2 -bG2;wA2 -wQ;bA1 -wS2;wA2 wG2-;bA3 \\bG2;wA2 bA3/;bG3 -bQ;wA2 wB2-;bA3 \\bA2;wA2 /wB2;bA1 wG1\\;wA2 bA3/;bB1 bS1;wA1 wA2/;bA1 bG1-;wA1 wA2-;bA1 -wA2;wG3 -wB2;bQ -bG1;wA1 wG1\\;bA1 \\wA2;wA3 wB2\\;bB1 -bS1;wA3 wB2-;bA1 wA1-;wA3 bA1\\;bG1 -wS1;wA2 -bA3;bA3 wG3\\;wG2 -wA1;bA3 -wA2;wA3 bA1-;bA3 wG1/;wA2 -bS2;bB2 bA3-;wA3 \\bA2;bA1 wG3\\;wA3 \\wG3;bA1 wB2-;wA3 -bG3;bA1 -wA3;wA2 -wG3;bA1 \\bB2;wA1 bA1/;bB1 bQ;wA2 /wG3;bB1 bA2;wA1 -wS2;bA1 -bQ;wA1 -wG3",
        "bA1 -wQ",
    ),
    (
        "Base;InProgress;White[46];wA1;bB1 wA1\\;wB1 \\wA1;bG1 bB1-;wQ \\wB1;bG2 bG1/;wB2 -wA1;bQ bB1\\;wG1 wB1/;bG2 /bQ;wA2 wG1-;bS1 /bG2;wA3 -wB1;bS2 -bG2;wG2 wA2-;bA1 bG2-;wA3 -wQ;bS2 bS1\\;wA3 bG1/;bG3 bA1/;wA3 -wQ;bA2 bG3/;wS1 -wB1;bA1 wG2/;wA3 bG3-;bB2 -bG2;wG3 \\wG1;bA1 \\bG1;wA3 wG2/;bB1 -bQ;wS2 wG3/;bA2 -bB1;wA3 bS2-;bB2 bG2;wA3 -wB2;bA2 -wA3;wB1 wG1;bA3 -bA2;wB1 wQ;bA3 wA3\\;wB1 wG3;bA3 bS2\\;wS2 wG2/;bA3 bG3\\;wB1 wG1;bA2 wG2-;wA3 bG1/;bA2 \\bB1;wA3 -bA3;bA3 \\wS2;wA3 -bS1;bA3 wS2-;wA3 bG3/;bA3 wA3-;wB1 wG3;bA1 -wS1;wA1 bA3\\;bB2 bS1;wA1 bG3\\;bA1 -bG2;wA1 wS2-;bG2 \\wA3;wB1 \\wA2;bA3 -bS2;wA3 -bB2;bA3 \\wB1;wA1 -bB1;bA3 bS2/;wG1 wB1/;bA3 -wQ;wA1 -bA1;bA3 wS2-;wA3 bS2\\;bA3 /wA1;wA3 -bB2;bA3 bG2-;wA1 -wG3;bA3 bS2/;wA3 wS2/;bA3 -wA1;wA3 -bB2;bB2 bA1;wA3 bQ\\;bA3 bG2/;wA3 bS2/;bA2 -bG2;wA3 bS2\\;bA2 wA3/;wA1 \\bB1;bA2 bG2-",
        "wG3 -wS2",
    ),
    (
        "Base;InProgress;Black[9];wG1;bA1 -wG1;wQ wG1-;bA2 \\bA1;wG2 \\wQ;bS1 -bA1;wQ wG2-;bQ \\bA2;wA1 \\wQ;bG1 \\bQ;wG3 wA1/;bB1 /bS1;wB1 -wA1;bS2 -bG1;wA2 wG1-;bB2 bB1\\;wA2 \\bS2",
        "bA3 bB2/",
    ),
    (
        "Base;InProgress;White[18];wG1;bB1 -wG1;wS1 wG1\\;bA1 \\bB1;wG2 wS1/;bS1 -bA1;wQ wG2-;bQ /bB1;wS2 wQ/;bB2 -bS1;wA1 wS1\\;bB2 /bS1;wG3 wS2/;bS2 -bB2;wA2 \\wG2;bG1 -bQ;wA3 wG3-;bG2 \\bS2;wA3 bQ\\;bA1 wA1/;wA3 /bS2;bA1 wS2-;wB1 /wA1;bA1 bG2/;wB2 -wA3;bA2 -bA1;wA2 wA1-;bA2 wA2/;wG2 -bB1;bA3 /bG1;wB1 wA1;bA1 -bS2;wA3 \\wG1;bA3 bG1\\",
        "wA3 bA3-",
    ),
    (
        "Base;InProgress;Black[26];wG1;bB1 -wG1;wS1 wG1-;bQ /bB1;wQ wS1/;bQ -bB1;wA1 wQ/;bA1 bQ\\;wS2 wA1/;bG1 -bQ;wA2 wA1-;bA1 \\bQ;wB1 -wQ;bS1 /bG1;wA2 bB1\\;bA2 bA1/;wA3 -wA1;bA2 wQ-;wA2 wS2-;bA1 \\wA3;wA2 -bS1;bA1 -bG1;wB2 wS2/;bA2 -wS2;wA3 wG1\\;bG2 -bA2;wA3 -bG2;bA1 wG1\\;wA2 \\bQ;bA1 /bS1;wA2 \\bG2;bS2 \\bG1;wG2 wG1\\;bA3 /bA1;wG3 wG2\\;bG3 bA1-;wA2 /bA3;bB2 \\bB1;wA2 \\wA3;bS2 -bA1;wG3 -wB1;bA3 wG2-;wG1 wG2\\;bA3 -bG1;wB2 \\wS2;bA3 \\wB2;wA2 -wG1;bB1 -wS1;wA3 wA1-;bA3 bA1\\;wB1 -wA1",
        "bG2 wS1-",
    ),
    (
        "Base;InProgress;White[35];wA1;bG1 wA1/;wG1 /wA1;bB1 \\bG1;wS1 -wA1;bG2 \\bB1;wQ -wS1;bQ -bG2;wG2 -wQ;bG3 /bQ;wB1 \\wG2;bS1 bG1-;wG3 wG2\\;bS2 -bB1;wA2 /wG3;bA1 \\bQ;wG1 \\wS1;bA1 -wB1;wA2 /bA1;bA2 bG2/;wS2 /wG3;bA3 -bA2;wA1 bS1/;bA2 wS2\\;wA1 wA2\\;bA3 wS1\\;wA1 \\wB1;bA3 bS1/;wA2 \\bQ;bB2 -bA1;wA2 bG1\\;bA2 wA2\\;wB2 -wG3;bA2 -bG3;wA3 wG3-;bA3 -wB2;wA3 wA2\\;bA3 wG3-;wG1 -bQ;bS1 wA3\\;wS2 -wG2;bA3 bS1-;wA1 wA2/;bG2 -wG1;wA1 -bS1;bA3 \\bB1;wA1 wG3\\;bB2 \\bA1;wA1 -wA2;bA3 wG3-;wA1 bS1/;bS1 -wA2;wA1 -wA3;bG3 bG1/;wA3 wA2-;bA3 bG3-;wA1 \\bB2;bB1 bS2/;wA1 wG3\\;bB1 -bG3;wA3 bS1\\;bA2 \\wQ;wA1 /wA3;bG2 \\bB1;wA2 -wA1;bA2 /wB2;wA2 wB1/;bQ \\bG2",
        "wG2 /bA2",
    ),
    (
        "Base;InProgress;Black[43];wG1;bS1 /wG1;wG2 wG1-;bS2 bS1\\;wG3 \\wG2;bB1 -bS2;wQ -wG3;bQ bS2-;wS1 wG2/;bQ bS2/;wS2 \\wG3;bB2 -bS1;wG2 \\wS2;bQ bS2-;wB1 wG1-;bA1 \\bB2;wA1 wS2/;bG1 \\bA1;wA1 bQ/;bG2 -bB1;wA1 -bG2;bB1 bG2;wB2 -wA1;bA2 bB1\\;wA2 \\wB2;bA2 -wS2;wA3 wS1-;bA2 -bA1;wA3 \\bG1;bA2 bS2\\;wA2 -bA1;bG3 /bA2;wA3 -wA2;bA3 bB1\\;wA3 -wQ;bB1 wA1;wS1 bQ-;bA3 wB2\\;wA3 -bG1;bA3 bB1\\;wA2 -bS2;bG3 \\wS1;wA3 bA3-;bA2 /wB2;wA3 wS1-;bA3 \\wA3;wA3 -bB2;bS2 bB1\\;wA2 bQ\\;bA3 -bA2;wA3 -wA2;bA3 bS2-;wA3 -bA1;bA3 -wA3;wG3 bG2-;bA2 -wB2;wA2 \\bG1;bA3 -bA2;wA2 bA3\\;bA3 \\bB1;wA3 -bA3;bA3 -wA3;wA3 bA3/;bB1 bS2;wA2 -bA1;bB1 bG2;wA2 wS2/;bB1 bB2;wG2 wA2-;bB1 -bB2;wA3 /bQ;bA3 wB1/;wS1 /wA3;bG2 -bA2;wG3 \\bG1;bA3 bS2\\;wS1 bB2\\;bA3 \\wG2;wA3 bQ\\;bA3 wA3-;wG3 wS1\\;bA3 wB1/;wA3 /wG3;bA3 \\wA2;wG2 -wA2",
        "bA3 -wQ",
    ),
    (
        "Base;InProgress;White[7];wG1;bS1 /wG1;wA1 wG1-;bG1 /bS1;wB1 \\wG1;bG2 -bG1;wQ -wB1;bQ -bG2;wA2 /wQ;bS2 bG1\\;wA1 \\wQ;bB1 bS2/",
        "wA1 \\bQ",
    ),
    (
        "Base;InProgress;Black[15];wG1;bG1 -wG1;wB1 wG1/;bQ \\bG1;wQ wG1-;bB1 bQ/;wG2 wQ\\;bB2 -bQ;wB1 wG1;bG2 -bG1;wS1 wG2/;bB2 -bG2;wG3 \\wQ;bB2 -bQ;wS2 wG2\\;bG2 wS1-;wA1 wS2\\;bG2 -bG1;wB2 -wS2;bB2 -bB1;wB1 -wG3;bB2 bB1;wB2 wG2;bA1 /bG2;wB2 -wG2;bA2 -bG2;wA2 /wA1;bA3 \\bB2;wA3 -wA1",
        "bA1 \\wS1",
    ),
    (
        "Base;InProgress;White[24];wA1;bB1 \\wA1;wG1 wA1-;bQ bB1/;wA2 wA1\\;bA1 -bB1;wQ wG1/;bG1 bQ/;wA2 wQ/;bB2 -bA1;wA2 wG1-;bA2 bG1-;wG2 wA2\\;bA2 -bQ;wB1 wA2/;bG2 bG1-;wS1 wG2/;bS1 bG2/;wA3 wS1-;bA3 \\bB2;wA3 -bA3;bA2 wG2\\;wB1 wS1;bS2 bG2-;wA3 bB2\\;bS2 \\bS1;wS2 \\wB1;bA3 -bS1;wA3 wA1\\;bS1 wS2/;wB2 wA3\\;bS2 bS1/;wG3 -wG2;bA3 \\bB2;wA3 /bB2;bA3 -wG3;wA3 /wB2;bA2 \\bS2;wA3 \\bB2;bA3 wB2\\;wA3 \\bA2;bA3 \\bA1;wA3 wB2-;bA2 wB1/;wA3 -wG3;bA2 -wA3",
        "wG1 wB2-",
    ),
    (
        "Base;InProgress;Black[32];wS1;bA1 /wS1;wG1 wS1/;bB1 bA1\\;wG2 wG1/;bS1 bB1\\;wQ -wG1;bQ /bS1;wB1 wS1-;bA2 bQ\\;wG3 -wG2;bG1 -bB1;wG3 wB1\\;bA2 \\wG2;wB2 -wQ;bG2 -bS1;wA1 wG3-;bA2 wG2-;wA2 /wB2;bB2 bQ\\;wA3 \\wQ;bA2 wG2/;wS2 wA1/;bG3 bB2-;wA3 -wS2;bA3 \\bA2;wA1 -wA2;bS2 \\bG3;wA1 bS1/;bA3 /bB2;wA2 wS2/;bA2 -bA1;wA2 \\wS2;bA2 wG3-;wA2 \\wQ;bA2 -wA2;wA2 wS2\\;bA3 wG2/;wA1 wS2/;bA3 bA2/;wA2 bG3\\;bB1 bS1;wA2 \\wA1;bQ /bG2;wA2 -wG2;bG3 \\bB1;wA2 -wA1;bG3 /bQ;wA2 \\wG2;bA3 wS2\\;wA1 -bA2;bB2 bS2\\;wA1 wG3\\;bA3 wG2/;wA2 wA1-;bA3 bA2/;wA2 -wB2;bA3 /bG3;wA1 wS2-;bA2 bA3\\;wA1 -bS2;bA2 wG3-;wA2 wG2-",
        "bA2 \\wQ",
    ),
    (
        "Base;InProgress;White[41];wB1;bA1 wB1-;wB2 -wB1;bB1 bA1-;wA1 wB2\\;bA2 bB1/;wQ \\wB2;bQ bA2-;wA1 bQ/;bS1 bQ\\;wA1 \\bQ;bG1 bS1\\;wA1 -bA2;bB2 bG1-;wS1 /wB2;bA3 \\bB2;wS2 wS1\\;bG1 bB2-;wA2 -wS1;bS2 -bB2;wA1 bB1\\;bA3 \\wA2;wA1 -bA2;bA3 -bS2;wG1 wQ/;bA3 -wB2;wG2 wS2-;bA3 -wA1;wA1 \\bA3;bA3 /wA2;wA1 \\wB1;bG2 \\bQ;wG3 wG2-;bG3 bS1/;wA1 -bA2;bA3 -wA1;wA3 \\wG2;bA1 wS2\\;wA2 -wG1;bA1 -bB1;wA2 \\bA3;bA1 -bS1;wB1 wB2;bA1 wG3\\;wA3 -bS1;bA1 -bB1;wA3 \\bG2;bG3 -bA3;wA3 bQ/;bA1 -bS1;wA2 wG1/;bG2 wA3-;wB1 wS1;bA2 -bS2;wA2 bG1-;bA2 \\wG2;wA2 bG2\\;bA2 \\bA3;wA2 \\bA2;bG3 -wQ;wA2 -wS2;bG1 -bS2;wA2 bG1\\;bS1 bG2-;wA2 -bQ;bB1 bA3\\;wB1 -wS1;bB2 bS2\\;wG3 -wS2;bB1 -bA1;wA2 bB2-;bS1 \\wA3;wA2 \\wB1;bG3 -wB1;wA2 /bG1;bG3 \\wG2;wA2 bS1/;bG3 wG3\\;wA2 \\bA2;bS1 bG2-",
        "wA2 bQ-",
    ),
    (
        "Base;InProgress;Black[4];wS1;bA1 wS1-;wG1 \\wS1;bS1 bA1/;wB1 \\wG1;bB1 bA1\\;wQ -wS1",
        "bQ bS1-",
    ),
];

#[test]
fn timeout_moves_are_pinned() {
    assert!(PINS.len() >= 30);
    let mut wrong = Vec::new();
    for (i, &(game, expected)) in PINS.iter().enumerate() {
        let state = State::from_game_string(game).unwrap_or_else(|e| panic!("pin {i}: {e}"));
        let want = state
            .parse_move(expected)
            .unwrap_or_else(|e| panic!("pin {i}: {e}"));
        let got = timeout_move(&state);
        if got != Some(want) {
            let got = got.map_or("-".to_string(), |m| state.move_string(m));
            wrong.push(format!("pin {i}: expected `{expected}`, got `{got}`"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
