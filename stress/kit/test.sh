#!/usr/bin/env bash
# Tests of the stream kit: stress.h (C++) and stress_random.py (Python) decode the same byte streams
# to the same values and the same tapes, and both follow docs/stress-protocol.md on known streams.
# Usage: stress/kit/test.sh (from anywhere). Needs g++ and python3. Exits non-zero on any mismatch.
set -u
kit="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failures=0
checks=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

g++ -std=c++17 -O2 -Wall -Wextra -Werror -pedantic -o "$tmp/draws" "$kit/tests/draws.cpp" ||
    { echo "FAIL: tests/draws.cpp does not compile" >&2; exit 1; }
g++ -std=c++17 -O2 -Wall -Wextra -Werror -pedantic -o "$tmp/testlib_style" "$kit/tests/testlib_style.cpp" ||
    { echo "FAIL: tests/testlib_style.cpp does not compile" >&2; exit 1; }
# Two translation units including the header link into one program (no duplicate symbols).
g++ -std=c++17 -O2 -Wall -Wextra -Werror -o "$tmp/two" "$kit/tests/two_a.cpp" "$kit/tests/two_b.cpp" ||
    { echo "FAIL: two translation units do not link" >&2; exit 1; }

g++ -std=c++17 -O2 -Wall -Wextra -Werror -pedantic -o "$tmp/patterns" "$kit/tests/patterns.cpp" ||
    { echo "FAIL: tests/patterns.cpp does not compile" >&2; exit 1; }

# An unsupported testlib feature is one clear compile error, not a page of overload candidates.
for call in 'rnd.setSeed(5)'; do
    printf '#include "stress.h"\nint main(int c, char **v) { registerGen(c, v, 1); %s; }\n' \
        "$call" > "$tmp/unsupported.cpp"
    if g++ -std=c++17 -I"$kit" -o "$tmp/unsupported" "$tmp/unsupported.cpp" 2> "$tmp/unsupported.err"; then
        fail "$call compiles against stress.h"
    elif ! grep -q "is not supported" "$tmp/unsupported.err"; then
        fail "$call: the compile error does not say it is not supported"
    elif [ "$(wc -l < "$tmp/unsupported.err")" -gt 20 ]; then
        fail "$call: $(wc -l < "$tmp/unsupported.err") lines of compiler errors"
    fi
    checks=$((checks + 1))
done

# run LANG STREAM-FILE OPS...: stdout into $tmp/out.LANG, tape into $tmp/tape.LANG
run() {
    local lang="$1" stream="$2"
    shift 2
    rm -f "$tmp/tape.$lang"
    if [ "$lang" = cpp ]; then
        STRESS_TAPE="$tmp/tape.$lang" "$tmp/draws" "$@" <"$stream" >"$tmp/out.$lang"
    else
        STRESS_TAPE="$tmp/tape.$lang" python3 "$kit/tests/draws.py" "$@" <"$stream" >"$tmp/out.$lang"
    fi || fail "$lang exited with status $? on ops: $*"
}

# same STREAM-FILE OPS...: C++ and Python print the same values and write the same tape.
same() {
    local stream="$1"
    shift
    checks=$((checks + 1))
    run cpp "$stream" "$@"
    run py "$stream" "$@"
    cmp -s "$tmp/out.cpp" "$tmp/out.py" ||
        fail "values differ on $(basename "$stream") ops: $*: $(diff "$tmp/out.cpp" "$tmp/out.py" | head -4)"
    cmp -s "$tmp/tape.cpp" "$tmp/tape.py" ||
        fail "tapes differ on $(basename "$stream") ops: $*: $(diff "$tmp/tape.cpp" "$tmp/tape.py" | head -4)"
}

# expect LANGS HEX-STREAM EXPECTED-VALUES EXPECTED-TAPE-OR-- OPS...: known values (and tape).
# Values are given with '|' between lines; LANGS is "cpp py" or one of them.
expect() {
    local langs="$1" hex="$2" values="$3" tape="$4"
    shift 4
    printf '%s' "$hex" | xxd -r -p >"$tmp/known"
    for lang in $langs; do
        checks=$((checks + 1))
        run "$lang" "$tmp/known" "$@"
        local got
        got="$(tr '\n' '|' <"$tmp/out.$lang")"
        [ "$got" = "$values|" ] || fail "$lang on stream '$hex' ops: $*: got '$got' expected '$values|'"
        if [ "$tape" != "--" ]; then
            got="$(tr '\n' '|' <"$tmp/tape.$lang")"
            [ "$got" = "$tape|" ] || fail "$lang tape on stream '$hex' ops: $*: got '$got' expected '$tape|'"
        fi
    done
}

max64=18446744073709551615
min_ll=-9223372036854775808
max_ll=9223372036854775807

# The empty stream gives the smallest value of every draw (and the identity shuffle).
expect "cpp py" "" "-5|0|0|2.5|0|0 1 2 3 4 5|10 11 12|0|0 1 2 3|0|0|$min_ll" -- \
    i -5 7 u 0 $max64 f U 2.5 3 c 5 s 6 d 3 10 20 g 64 p 4 n 1000 b i $min_ll $max_ll
# Its tape: each draw's bytes counted although the stream is empty.
expect "cpp py" "" "-5|0|0" "consumed 16|13 0 -5|0 0|9007199254740992 0" i -5 7 u 0 $max64 f
expect "cpp py" "" "0|0|0|0|-3|0" "--" w 10 3 w 10 -3 w 10 30 w 10 -30 W -3 3 40 y 4 2
expect cpp "" "0|0|0" "--" a 3 D 1 5 Y 3 -2
expect "cpp py" "" "0|0|0" "consumed 18|10 0|10 0|10 0|10 0|9007199254740992 0|9007199254740992 0" \
    w 10 3 U 0 1 U 0 1
# Spans: their beginnings and ends on the tape, between the draws made in them; they read nothing.
expect "cpp py" "0102" "1|2|0" "consumed 3|( row|10 1|( cell|10 2|)|)|10 0" \
    '(' row i 0 9 '(' cell i 0 9 ')' ')' i 0 9
# partition on zeros: min_part everywhere but the last part, which takes the rest; a partition
# with nothing to share draws its cuts from one value (no byte read).
expect "cpp py" "" "1 1 1 7|3|5 5|0 0 0" "consumed 3|7 0|7 0|7 0|1 0|1 0|1 0" P 4 10 1 P 1 3 1 P 2 10 5 P 3 0 0
# A draw with one value reads no byte.
expect "cpp py" "05" "7|5" "consumed 1|1 0 7|10 5" i 7 7 i 0 9
# k bytes per draw: 256 values take 1 byte, 257 take 2, 2^56 take 7, 2^56 + 1 take 8.
expect "cpp py" "010203" "1|1" "consumed 3|256 1|257 1" i 0 255 i 0 256
expect "cpp py" "$(printf 'ff%.0s' $(seq 15))" "72057594037927935|72057594037927680" \
    "consumed 15|72057594037927936 72057594037927935|72057594037927937 72057594037927680" \
    u 0 72057594037927935 u 0 72057594037927936
# 2^64 values (n written 0), unsigned and signed, exact.
expect "cpp py" "$(printf 'ff%.0s' $(seq 8))8000000000000000" "$max64|0" \
    "consumed 16|0 $max64|0 9223372036854775808 $min_ll" u 0 $max64 i $min_ll $max_ll
expect "cpp py" "0102030405060708" "72623859790382856" "consumed 8|0 72623859790382856" g 64
# Past the end the bytes read as 0: a two-byte draw on one byte.
expect "cpp py" "01" "256" "consumed 2|65536 256" i 0 65535
# Floats: draw(0, 2^53 - 1) / 2^53, 7 bytes.
expect "cpp py" "10000000000000" "4503599627370496" "consumed 7|9007199254740992 4503599627370496" f
# Shuffle: for i in 1..len, j = draw(0, i), swap a[i] and a[i - j].
expect "cpp py" "01" "1 0" "consumed 1|2 1" s 2
expect "cpp py" "0002" "2 1 0" "consumed 2|2 0|3 2" s 3
# distinct / sample: the j-th smallest value not taken yet.
expect "cpp py" "0505" "5 6" "consumed 2|( distinct|10 5|)|( distinct|9 5|)" d 2 0 9
expect "cpp py" "0500" "5 0" -- d 2 0 9
expect "cpp py" "0308" "3 9" -- d 2 0 9
# wnext: the largest (t > 0) or smallest (t < 0) of |t| + 1 draws.
expect "cpp py" "01050203" "5" "consumed 4|10 1|10 5|10 2|10 3" w 10 3
expect "cpp py" "01050203" "1" -- w 10 -3
expect "cpp py" "01050203" "6" "consumed 4|10 1 1|10 5 1|10 2 1|10 3 1" W 1 10 3
expect "cpp py" "01050203" "50" -- y 10 3
expect cpp "01050203" "10" -- Y 10 -3
# partition: sorted cuts, the gaps between them plus min_part.
expect "cpp py" "070203" "3 2 5 3" "consumed 3|10 7|10 2|10 3" P 4 13 1
expect "cpp py" "0000ff" "2 2 8" "consumed 2|7 0|7 0" P 3 12 2
# Python only: getrandbits above 64 bits draws the top bits first, then 64-bit words.
expect py "010000000000000002" "18446744073709551618" "consumed 9|2 1|0 2" g 65
expect py "" "0" "consumed 0" g 0

# Shared streams: C++ and Python agree on every operation.
python3 - "$tmp" <<'EOF'
import hashlib, sys
d = sys.argv[1]
def stream(name, data):
    open("%s/%s" % (d, name), "wb").write(data)
stream("empty", b"")
stream("zeros", bytes(64))
stream("ones", b"\xff" * 64)
for s in range(4):
    data = b"".join(hashlib.sha256(b"stress-kit %d %d" % (s, i)).digest() for i in range(8))
    stream("random%d" % s, data[: 37 * (s + 1)])
# Longer than one 64 KiB block, for the block reads.
stream("long", b"".join(hashlib.sha256(b"long %d" % i).digest() for i in range(5000)))
EOF
ops=(i -5 7 u 0 $max64 i $min_ll $max_ll n 1 n 2 n 1000 b f U -3.5 1e9 c 1 c 7 s 1 s 9 d 0 1 5
    d 4 -3 3 d 3 0 4294967296 g 1 g 13 g 64 p 6 i 0 255 i 0 256 i 1 65536 i 0 16777216 i 3 3
    w 1000 2 w 7 -3 W -50 50 4 w 1000000 30 W 1 100 -40 y 5 1 y 6 -1 P 5 100 3 P 1 9 9
    P 6 1000000000000 1 P 2 0 0)
for s in empty zeros ones random0 random1 random2 random3; do
    same "$tmp/$s" "${ops[@]}"
done
same "$tmp/long" s 70000
# Pattern strings: Python's from_pattern draws as stress.h's rnd.next(pattern).
pat_ops=(x '[a-z]{1,10}' x '(yes|no)' x 'x?y' x 'a b' x '[1-9][0-9]{0,5}' x '\[[xyz]\]'
    x '[a-c]{2}x|y[^a-y]' x '[-a]{3}' x '[0-9a-f]{4}-[0-9]' x 'z{0,2}(q|w)' x '[0000000001]{5}'
    x '(ab|c(d|e))' x '[a-zA-Z0-9_]{0,300}' x 'a\ b' x '[^a-z]{3}' x '[^ -~]{2}')
for s in empty zeros ones random0 random1 random2 random3 long; do
    same "$tmp/$s" "${pat_ops[@]}"
done
same "$tmp/long" d 300 0 1000000 i 0 1
# distinct / sample keep their taken values in blocks: the values are the rule's, written plainly
# (N), across many blocks, dense and sparse ranges, in both kits.
for d in "4500 0 99999" "2500 -7 1000000000000" "1200 5 1204"; do
    run py "$tmp/long" N $d
    mv "$tmp/out.py" "$tmp/naive"
    for lang in cpp py; do
        checks=$((checks + 1))
        run "$lang" "$tmp/long" d $d
        cmp -s "$tmp/naive" "$tmp/out.$lang" || fail "$lang distinct $d differs from the plain rule"
    done
done
run cpp "$tmp/long" s 70000
grep -q '^consumed 14' "$tmp/tape.cpp" || fail "a shuffle of 70000 should read past the first 64 KiB block"

# partition on random streams: size parts, each at least min_part, summing to the sum.
for s in zeros ones random0 random1 random2 random3 long; do
    checks=$((checks + 1))
    run cpp "$tmp/$s" P 7 100 3 P 3 5 0 P 40 1000000 1000
    python3 - "$tmp/out.cpp" <<'EOF' || fail "partition on $s: $(tr '\n' '|' <"$tmp/out.cpp")"
import sys
rows = [[int(x) for x in line.split()] for line in open(sys.argv[1])]
want = [(7, 100, 3), (3, 5, 0), (40, 1000000, 1000)]
assert len(rows) == 3
for parts, (size, total, least) in zip(rows, want):
    assert len(parts) == size and sum(parts) == total and min(parts) >= least, parts
EOF
done

# Pattern strings (testlib's syntax): the empty stream gives the shortest string of the first
# alternative, each class's smallest character; a format is printf's.
checks=$((checks + 1))
pats=('[a-z]{1,10}' '(yes|no)' 'x?y' 'a b' '[1-9][0-9]{0,5}' '\[[xyz]\]' '[a-c]{2}x|y[^a-y]'
    '[-a]{3}' '[0-9a-f]{4}-[0-9]' 'z{0,2}(q|w)' 'a\ b' '[0000000001]{5}' '(ab|c(d|e))')
"$tmp/patterns" "${pats[@]}" -f '[a-z]{%d}' 5 -o '[b-d]{2,3}' </dev/null >"$tmp/pat.out" ||
    fail "patterns: exit status $?"
want='a|yes|y|ab|1|[x]|aax|---|0000-0|q|a b|00000|ab|aaaaa|bb|'
got="$(cut -f1 "$tmp/pat.out" | tr '\n' '|')"
[ "$got" = "$want" ] || fail "patterns on the empty stream: got '$got' expected '$want'"
# On random streams every string matches its pattern (testlib's matcher and Python's re).
for s in ones random0 random1 random2 random3 long; do
    checks=$((checks + 1))
    "$tmp/patterns" "${pats[@]}" -f '[a-z]{%d}' 5 -o '[b-d]{2,3}' <"$tmp/$s" >"$tmp/pat.out" ||
        fail "patterns on $s: exit status $?"
    python3 - "$tmp/pat.out" <<'EOF' || fail "patterns on $s: $(tr '\n\t' '| ' <"$tmp/pat.out")"
import re, sys
regexes = [r"[a-z]{1,10}", r"yes|no", r"x?y", r"ab", r"[1-9][0-9]{0,5}", r"\[[xyz]\]",
           r"[a-c]{2}x|y[^a-y]", r"[-a]{3}", r"[0-9a-f]{4}-[0-9]", r"z{0,2}(q|w)", r"a b",
           r"[01]{5}", r"ab|c(d|e)", r"[a-z]{5}", r"[b-d]{2,3}"]
lines = open(sys.argv[1], encoding="latin-1").read().split("\n")[:-1]
assert len(lines) == len(regexes), lines
for line, regex in zip(lines, regexes):
    got, matched = line.rsplit("\t", 1)
    assert matched == "1" and re.fullmatch(regex, got, re.S), (regex, got, matched)
EOF
done
# Every choice of a pattern is a draw on the tape (one-value draws too, reading no byte): the
# literal `a` (its count, its character, the one part after it), then the count, each character.
checks=$((checks + 1))
printf '\x02\x01' | STRESS_TAPE="$tmp/tape.pat" "$tmp/patterns" 'a[a-c]{1,3}' >"$tmp/pat.out"
[ "$(cut -f1 "$tmp/pat.out")" = "abaa" ] || fail "pattern on 02 01: $(cat "$tmp/pat.out")"
[ "$(tr '\n' '|' <"$tmp/tape.pat")" = "consumed 4|1 0|1 0|1 0|3 2|3 1|3 0|3 0|" ] ||
    fail "pattern tape: $(tr '\n' '|' <"$tmp/tape.pat")"
# A pattern that cannot be generated is the generator's error (exit 3), as with testlib.
checks=$((checks + 1))
if "$tmp/patterns" '[a-z]*' </dev/null >/dev/null 2>"$tmp/err"; then fail "'[a-z]*' should fail"; fi
grep -q "cannot be generated" "$tmp/err" || fail "'[a-z]*': no message: $(cat "$tmp/err")"
checks=$((checks + 1))
if "$tmp/patterns" '(ab' </dev/null >/dev/null 2>"$tmp/err"; then fail "'(ab' should fail"; fi
grep -q "Illegal pattern" "$tmp/err" || fail "'(ab': no message: $(cat "$tmp/err")"

# Testlib-style generators written for the project (tests/testlib-style/README.md), compiled as
# the harness compiles a stream generator that includes testlib.h: stress.h forced in first, the
# (stand-in) testlib.h beside them then empty.
gens="$kit/tests/testlib-style"
mkdir -p "$tmp/gens"
for src in "$gens"/*.cpp; do
    checks=$((checks + 1))
    name="$(basename "$src" .cpp)"
    g++ -std=c++17 -O2 -Wall -Wextra -Werror -pedantic -include "$kit/stress.h" -I"$kit" \
        -o "$tmp/gens/$name" "$src" || fail "testlib-style $name.cpp does not compile"
done
checks=$((checks + 1))
python3 "$gens/testlib_style.py" "$tmp/gens" "$tmp" || fail "testlib-style generators (above)"

# Opt-in: testlib's own generators, from a checkout of testlib named by TESTLIB_DIR (not part of
# this repository). Each generators/*.cpp is compiled with stress.h forced in first (the
# checkout's testlib.h then reads as empty) and run on the empty stream and a few random streams;
# the check is only that it exits 0 and that the stream cut to the tape's `consumed` bytes makes
# the same output (standard output and the files it writes, for startTest). Its arguments are
# found on the empty stream: a missing named option `NAME` adds `-NAME 1`, a missing positional
# argument adds `1`.
# testlib_run BIN STREAM ARGS...: runs BIN in a fresh $tmp/tl.run with a 10 s limit; what it wrote
# (stdout, then each file) into $tmp/tl.out, stderr into $tmp/tl.err, its tape into $tmp/tl.tape.
testlib_run() {
    local bin="$1" stream="$2" status
    shift 2
    rm -rf "$tmp/tl.run" "$tmp/tl.tape"
    mkdir "$tmp/tl.run"
    (cd "$tmp/tl.run" && STRESS_TAPE="$tmp/tl.tape" timeout 10 "$bin" "$@" <"$stream" \
        >"$tmp/tl.stdout" 2>"$tmp/tl.err")
    status=$?
    {
        cat "$tmp/tl.stdout"
        for f in $(ls "$tmp/tl.run" | sort -n); do printf '== %s\n' "$f"; cat "$tmp/tl.run/$f"; done
    } >"$tmp/tl.out"
    return $status
}
if [ -n "${TESTLIB_DIR:-}" ]; then
    if ! ls "$TESTLIB_DIR"/generators/*.cpp >/dev/null 2>&1; then
        fail "TESTLIB_DIR=$TESTLIB_DIR: no generators/*.cpp there"
    fi
    mkdir -p "$tmp/testlib"
    for src in "$TESTLIB_DIR"/generators/*.cpp; do
        [ -f "$src" ] || continue
        name="$(basename "$src" .cpp)"
        bin="$tmp/testlib/$name"
        checks=$((checks + 1))
        if ! g++ -std=c++17 -O2 -include "$kit/stress.h" -I"$TESTLIB_DIR" -o "$bin" "$src"; then
            fail "testlib's generators/$name.cpp does not compile against stress.h"
            continue
        fi
        args=()
        for _ in $(seq 30); do
            testlib_run "$bin" "$tmp/empty" "${args[@]}" && break
            missing="$(sed -n 's/^stress\.h: option \(.*\) is missing$/\1/p' "$tmp/tl.err")"
            if [ -n "$missing" ]; then
                args+=("-$missing" 1)
            elif grep -q "no such argument" "$tmp/tl.err"; then
                args+=(1)
            else
                break
            fi
        done
        shown="generators/$name.cpp${args[*]:+ ${args[*]}}"
        ok=1
        for s in empty random0 random1 random2 random3 long; do
            testlib_run "$bin" "$tmp/$s" "${args[@]}"
            status=$?
            if [ "$status" -ne 0 ]; then
                fail "testlib's $shown on the $s stream: exit status $status:" \
                    "$(head -c 300 "$tmp/tl.err")"
                ok=0
                break
            fi
            mv "$tmp/tl.out" "$tmp/tl.first"
            consumed="$(sed -n '1s/^consumed //p' "$tmp/tl.tape")"
            head -c "$consumed" "$tmp/$s" >"$tmp/tl.cut"
            if ! testlib_run "$bin" "$tmp/tl.cut" "${args[@]}" ||
                ! cmp -s "$tmp/tl.first" "$tmp/tl.out"; then
                fail "testlib's $shown: the $s stream cut to its $consumed consumed bytes" \
                    "makes another output"
                ok=0
                break
            fi
        done
        [ "$ok" = 1 ] && echo "testlib's $shown: exits 0, its cut streams make the same output"
    done
fi

# Past the end of a fresh stream (STRESS_EXTEND): both kits read splitmix64 from the seed, each
# output little-endian; splitmix64's first output from 0 is 0xE220A8397B1DCDAF, so a 64-bit draw
# (8 bytes, big-endian) of the empty stream is 0xAFCD1D7B39A820E2. Without it: zeros.
printf '' > "$tmp/empty"
export STRESS_EXTEND=0000000000000000
expect "cpp py" "" "12667813741948575970" -- u 0 18446744073709551615
same "$tmp/empty" s 5000 d 300 0 1000000
unset STRESS_EXTEND
expect "cpp py" "" "0" -- u 0 18446744073709551615

# Two translation units share one stream and one tape.
checks=$((checks + 1))
got="$(printf '\x03\x04' | STRESS_TAPE="$tmp/tape.two" "$tmp/two" | tr '\n' '|')"
[ "$got" = "3|4|" ] || fail "two translation units: got '$got' expected '3|4|'"
[ "$(tr '\n' '|' <"$tmp/tape.two")" = "consumed 2|10 3|10 4|" ] || fail "two translation units: tape"

# A testlib-style generator (options, perm, any, distinct, wnext, println, format, partition,
# wany) on the empty stream.
checks=$((checks + 1))
got="$("$tmp/testlib_style" -n=4 </dev/null | tr '\n' '|')"
[ "$got" = "4 1 1 a 1 0 0.5|1 2 3 4|1 2 3|a|aaaa 40.5 007|1 1 6 a|" ] || fail "testlib-style generator: got '$got'"

# A tape is written on exit(0) from inside the generator too.
checks=$((checks + 1))
printf '\x01' | STRESS_TAPE="$tmp/tape.exit" "$tmp/two" exit >/dev/null
[ "$(tr '\n' '|' <"$tmp/tape.exit")" = "consumed 1|10 1|" ] || fail "tape after exit(0): $(cat "$tmp/tape.exit")"

# A bound with no value is an error of the generator, with a message.
checks=$((checks + 1))
if "$tmp/draws" i 5 4 </dev/null >/dev/null 2>"$tmp/err"; then fail "lo > hi should fail"; fi
grep -q 'lo > hi' "$tmp/err" || fail "lo > hi: no message: $(cat "$tmp/err")"

# The standard checkers (checkers/std.cpp): testlib's exit statuses for a few verdicts.
g++ -std=c++17 -O2 -Wall -Wextra -Werror -pedantic -o "$tmp/std" "$kit/checkers/std.cpp" ||
    { echo "FAIL: checkers/std.cpp does not compile" >&2; exit 1; }
judge() { # judge NAME OUTPUT ANSWER STATUS
    checks=$((checks + 1))
    printf '%b' "$2" >"$tmp/out"
    printf '%b' "$3" >"$tmp/ans"
    printf '\n' >"$tmp/in"
    "$tmp/std" "$1" "$tmp/in" "$tmp/out" "$tmp/ans" 2>"$tmp/said"
    local got=$?
    [ "$got" = "$4" ] || fail "std $1 on '$2' against '$3': exit $got, expected $4 ($(cat "$tmp/said"))"
}
judge lcmp '1 2\n3\n' '1\n2 3\n' 1
judge lcmp '1  2\r\n3\n\n' '1 2\n3\n' 0
judge lcmp '1 2\n3\n4\n' '1 2\n3\n' 2
judge wcmp '1\n2 3' '1 2\n3\n' 0
judge ncmp '01' '1' 2
judge ncmp '1' 'x' 3
judge rcmp6 '1.0000001' '1.0' 0
judge rcmp6 '1.00001' '1.0' 1
judge yesno 'yes' 'YES' 0
judge casencmp 'Case 1: 5 6\nCase 2: 7\n' 'Case 1: 5 6 Case 2: 7' 0
judge no-such-checker '1' '1' 3

if [ "$failures" -ne 0 ]; then
    echo "stress kit: $failures of $checks checks failed" >&2
    exit 1
fi
echo "stress kit: $checks checks passed"
