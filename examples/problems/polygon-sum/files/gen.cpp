// gen MAX_N MAX_V SEED: n in 1..MAX_N, then n values in -MAX_V..MAX_V, from the seed (the last
// argument, as the harness appends it).
#include <cstdio>
#include <cstdlib>
#include <random>

int main(int argc, char *argv[]) {
    long long max_n = argc > 1 ? std::atoll(argv[1]) : 10;
    long long max_v = argc > 2 ? std::atoll(argv[2]) : 100;
    unsigned long long seed = argc > 3 ? std::strtoull(argv[argc - 1], nullptr, 10) : 1;
    std::mt19937_64 rng(seed);
    long long n = 1 + (long long)(rng() % (unsigned long long)(max_n < 1 ? 1 : max_n));
    std::printf("%lld\n", n);
    for (long long i = 0; i < n; i++) {
        long long v = (long long)(rng() % (unsigned long long)(2 * max_v + 1)) - max_v;
        std::printf(i ? " %lld" : "%lld", v);
    }
    std::printf("\n");
}
