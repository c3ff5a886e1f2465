//! The named Texas scopes: the plain ones and those by construction, in one ladder by cost.

use harness::roles::scope::NamedScope;

/// The named Texas scopes, smallest first (costs measured on the release build, two threads,
/// reference against optimized with the reference's coverage).
pub const NAMED: &[NamedScope] = &[
    NamedScope {
        name: "smoke",
        expr: "n<=3,m<=3,k=2,specials<=1,q=1",
        about: "every board up to 3x3 in 2 colours with at most one special, every adjacent swap",
        cost: "0.4 core-seconds",
    },
    NamedScope {
        name: "hands",
        expr: "hands: colours=1..5, pairs=0, q=5",
        about: "five valid operations whose main colours are every sequence of colours 1..5: \
                every hand kind with every tie-break between colours",
        cost: "0.07 core-seconds",
    },
    NamedScope {
        name: "shapes",
        expr: "shapes: size=3..8",
        about: "every combo shape of 3 to 8 cells (turning back, wrapping around, two segments \
                of one column) as the one component of round 2, built by a colour special",
        cost: "0.02 core-seconds",
    },
    NamedScope {
        name: "shapes-colours",
        expr: "shapes: size=3..8, colour=3,64,100",
        about: "every combo shape of 3 to 8 cells in colours 3, 64 and 100 (two bits set, the \
                seventh colour plane)",
        cost: "0.04 core-seconds",
    },
    NamedScope {
        name: "hands-ties",
        expr: "hands: colours=10,12,100, q=5",
        about: "five valid operations of one or two main colours among 10, 12, 100: the choice \
                of colours, a full house tying four of a kind (810 points)",
        cost: "1.1-1.4 core-seconds",
    },
    NamedScope {
        name: "lines",
        expr: "lines: len=1..50, colours=1..3,64,65,100, q=1",
        about: "rows and columns of every length up to 50 in two of the colours 1, 2, 3, 64, \
                65, 100, one swap: every bit plane, boards wider than 47",
        cost: "2-3 core-seconds",
    },
    NamedScope {
        name: "hands-invalid",
        expr: "hands: colours=1..3, q=5, invalid=1",
        about: "five valid operations of one or two main colours among 1..3 and one invalid \
                operation at every position: a hand reads the last five valid ones",
        cost: "6.6-8.2 core-seconds (3-5 s on 2 cores)",
    },
    NamedScope {
        name: "specials",
        expr: "specials: len=3..5, kinds=0..6, reached=0..2",
        about: "a run of 3 to 5 on a 5x7 board, every kind on each run cell and on up to two \
                cells the run reaches: three and more specials in one round",
        cost: "7-9 core-seconds (4-6 s on 2 cores)",
    },
    NamedScope {
        name: "hands-pairs",
        expr: "hands: colours=1..4, q=5",
        about: "five valid operations of one or two main colours among 1..4: every choice of \
                colours for the best hand",
        cost: "20-23 core-seconds (10-16 s on 2 cores)",
    },
    NamedScope {
        name: "column",
        expr: "n<=16,m=1,k<=2,q=1..2",
        about: "every column up to 16 tall in up to 2 colours, one or two swaps: long chains",
        cost: "28-37 core-seconds (15-20 s on 2 cores)",
    },
    NamedScope {
        name: "minute",
        expr: "n<=3,m<=4,k<=2,specials<=2,q=1",
        about: "every board up to 3x4 in up to 2 colours with at most two specials, every \
                adjacent swap",
        cost: "48 core-seconds (24 s on 2 free cores, perf build)",
    },
    NamedScope {
        name: "hands-two",
        expr: "hands: colours=1,2, q=6..10",
        about: "six to ten valid operations of one or two main colours among 1 and 2: the \
                second hand and the operations left over",
        cost: "56 core-seconds (28 s on 2 cores)",
    },
    NamedScope {
        name: "any-op",
        expr: "n<=3,m<=4,k<=2,specials<=2,q=1,far=1",
        about: "every board up to 3x4 in up to 2 colours with at most two specials, any one \
                operation",
        cost: "106 core-seconds (about 1 min on 2 free cores, perf build)",
    },
    NamedScope {
        name: "3x3",
        expr: "n<=3,m<=3,k<=3,specials<=2,q=1",
        about: "every board up to 3x3 in up to 3 colours with at most two specials, every \
                adjacent swap",
        cost: "288 core-seconds (about 2.5 min on 2 free cores, perf build)",
    },
    NamedScope {
        name: "ten",
        expr: "n<=3,m<=5,k<=2,specials<=2,q=1",
        about: "every board up to 3x5 in up to 2 colours with at most two specials, every \
                adjacent swap: rows of five, chains of three rounds",
        cost: "383 core-seconds (about 3 min on 2 free cores, perf build)",
    },
    NamedScope {
        name: "two-swaps",
        expr: "n<=3,m<=4,k<=2,specials<=2,q=1..2",
        about: "every board up to 3x4 in up to 2 colours with at most two specials, one or two \
                adjacent swaps",
        cost: "1,886 core-seconds (16 min on 2 cores, perf build)",
    },
    NamedScope {
        name: "4x4",
        expr: "n<=4,m<=4,k<=3,specials<=1,q=1",
        about: "every board up to 4x4 in up to 3 colours with at most one special, every \
                adjacent swap",
        cost: "40 core-hours",
    },
];
