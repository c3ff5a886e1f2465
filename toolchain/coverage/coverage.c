/* coverage.c: the run-time of a program built with coverage counters for the harness's guided
 * search (`harness stress --search coverage`), linked into programs compiled with gcc's
 * `-fsanitize-coverage=trace-pc,trace-cmp`. This file itself is compiled without them.
 *
 * Where it counts. When the environment variable STRESS_COVERAGE names a file, the first callback
 * of a run maps that file (created, or grown to AREA_BYTES) shared, so that what the run counts
 * is there for the harness even when the run is stopped by a limit; the harness empties the file
 * before each run. Without the variable it counts into a private area nobody reads, and the
 * program is a plain program. A warm server never runs instrumented code before it forks (it stops
 * before the program's own constructors), so each run maps the file afresh.
 *
 * The area (the harness's reader, toolchain/src/coverage.rs, has the same numbers):
 *   bytes [0, MAP_SIZE)          one hit counter per edge, saturating at 255: an edge is a pair of
 *                                consecutive basic blocks (AFL's cur ^ prev >> 1), a block known
 *                                by its address's offset in the executable, hashed;
 *   bytes [MAP_SIZE, PAIRS_AT)   CONST_SLOTS little 64-bit slots: the constants the program
 *                                compared something against (a `switch`'s cases too), each once,
 *                                0 for an empty slot (a comparison against 0 is kept as the value
 *                                ZERO_MARK), in an open-addressed table.
 *   bytes [PAIRS_AT, AREA_BYTES) PAIR_SLOTS pairs of little 64-bit words: two values the program
 *                                compared with each other (neither a constant), as libFuzzer's
 *                                table of recent compares keeps them: each comparison site owns a
 *                                bucket of PAIR_WAYS slots (a hash of its address), and a pair
 *                                takes the slot of its bucket its values hash to, the latest pair
 *                                staying; two zeros for an empty slot (equal values are not kept).
 *   bytes [WORK_AT, AREA_BYTES)  one little 64-bit count of the basic blocks the run executed, all
 *                                of them (it does not saturate): the run's work, the same on every
 *                                run of the same input, for the search of slow inputs
 *                                (`harness stress --search slow`) to climb on.
 * A comparison of a narrower type keeps the constant sign-extended, and zero-extended as well when
 * the two differ; a pair of a narrower type is kept sign-extended.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAP_SIZE (1u << 16)
#define CONST_SLOTS 1024u
#define PAIRS_AT (MAP_SIZE + CONST_SLOTS * 8u)
#define PAIR_SLOTS 1024u
#define PAIR_WAYS 4u
#define WORK_AT (PAIRS_AT + PAIR_SLOTS * 16u)
#define AREA_BYTES (WORK_AT + 8u)
#define ZERO_MARK 0x8000000000000000ull
#define PROBES 8u

static unsigned char cov_private[AREA_BYTES] __attribute__((aligned(64)));
static unsigned char *cov_area;
static uint64_t *cov_work;
static uint32_t cov_prev;
extern char __executable_start;

static void cov_init(void) {
    unsigned char *area = cov_private;
    const char *path = getenv("STRESS_COVERAGE");
    if (path != NULL && *path != '\0') {
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (fd >= 0) {
            if (ftruncate(fd, AREA_BYTES) == 0) {
                void *m = mmap(NULL, AREA_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
                if (m != MAP_FAILED) area = m;
            }
            close(fd);
        }
    }
    cov_area = area;
    cov_work = (uint64_t *)(void *)(area + WORK_AT);
}

void __sanitizer_cov_trace_pc(void) {
    if (cov_area == NULL) cov_init();
    uint64_t pc = (uint64_t)((uintptr_t)__builtin_return_address(0) -
                             (uintptr_t)&__executable_start);
    uint32_t cur = (uint32_t)((pc * 0x9E3779B97F4A7C15ull) >> 48);
    unsigned char *counter = &cov_area[(cur ^ cov_prev) & (MAP_SIZE - 1)];
    if (*counter != 255) ++*counter;
    cov_prev = cur >> 1;
    ++*cov_work;
}

static void cov_keep(uint64_t value) {
    if (cov_area == NULL) cov_init();
    if (value == 0) value = ZERO_MARK;
    uint64_t *slots = (uint64_t *)(void *)(cov_area + MAP_SIZE);
    uint32_t at = (uint32_t)((value * 0x9E3779B97F4A7C15ull) >> 54);
    for (uint32_t i = 0; i < PROBES; i++) {
        uint64_t *slot = &slots[(at + i) & (CONST_SLOTS - 1)];
        if (*slot == value) return;
        if (*slot == 0) {
            *slot = value;
            return;
        }
    }
}

/* A constant of `bits` bits: sign-extended, and zero-extended when that differs. */
static void cov_keep_narrow(uint64_t raw, unsigned bits) {
    uint64_t mask = (1ull << bits) - 1;
    uint64_t zero_extended = raw & mask;
    uint64_t sign = 1ull << (bits - 1);
    uint64_t sign_extended = (zero_extended ^ sign) - sign;
    cov_keep(sign_extended);
    if (sign_extended != zero_extended) cov_keep(zero_extended);
}

void __sanitizer_cov_trace_const_cmp1(uint8_t constant, uint8_t v) {
    (void)v;
    cov_keep_narrow(constant, 8);
}
void __sanitizer_cov_trace_const_cmp2(uint16_t constant, uint16_t v) {
    (void)v;
    cov_keep_narrow(constant, 16);
}
void __sanitizer_cov_trace_const_cmp4(uint32_t constant, uint32_t v) {
    (void)v;
    cov_keep_narrow(constant, 32);
}
void __sanitizer_cov_trace_const_cmp8(uint64_t constant, uint64_t v) {
    (void)v;
    cov_keep(constant);
}

/* Two values compared at `site` (a return address): the latest pair of its hash in the site's
 * bucket. The search puts one where the input had the other (input-to-state). */
static void cov_pair(uint64_t a, uint64_t b, uintptr_t site) {
    if (a == b) return;
    if (cov_area == NULL) cov_init();
    uint64_t *pairs = (uint64_t *)(void *)(cov_area + PAIRS_AT);
    uint64_t pc = (uint64_t)(site - (uintptr_t)&__executable_start);
    uint32_t bucket = (uint32_t)((pc * 0x9E3779B97F4A7C15ull) >> 40) % (PAIR_SLOTS / PAIR_WAYS);
    uint32_t way = (uint32_t)(((a ^ (b << 1)) * 0x9E3779B97F4A7C15ull) >> 62) % PAIR_WAYS;
    uint64_t *slot = &pairs[2u * (bucket * PAIR_WAYS + way)];
    slot[0] = a;
    slot[1] = b;
}

static uint64_t cov_signed(uint64_t raw, unsigned bits) {
    uint64_t sign = 1ull << (bits - 1);
    return ((raw & ((1ull << bits) - 1)) ^ sign) - sign;
}

#define COV_SITE ((uintptr_t)__builtin_return_address(0))
void __sanitizer_cov_trace_cmp1(uint8_t a, uint8_t b) {
    cov_pair(cov_signed(a, 8), cov_signed(b, 8), COV_SITE);
}
void __sanitizer_cov_trace_cmp2(uint16_t a, uint16_t b) {
    cov_pair(cov_signed(a, 16), cov_signed(b, 16), COV_SITE);
}
void __sanitizer_cov_trace_cmp4(uint32_t a, uint32_t b) {
    cov_pair(cov_signed(a, 32), cov_signed(b, 32), COV_SITE);
}
void __sanitizer_cov_trace_cmp8(uint64_t a, uint64_t b) { cov_pair(a, b, COV_SITE); }
/* Floating-point comparisons say nothing the search can put into an integer draw. */
void __sanitizer_cov_trace_cmpf(float a, float b) { (void)a, (void)b; }
void __sanitizer_cov_trace_cmpd(double a, double b) { (void)a, (void)b; }

/* cases[0]: the number of cases, cases[1]: the value's width in bits, then the cases. */
void __sanitizer_cov_trace_switch(uint64_t value, uint64_t *cases) {
    (void)value;
    unsigned bits = (unsigned)cases[1];
    for (uint64_t i = 0; i < cases[0]; i++) {
        if (bits == 0 || bits >= 64)
            cov_keep(cases[2 + i]);
        else
            cov_keep_narrow(cases[2 + i], bits);
    }
}
