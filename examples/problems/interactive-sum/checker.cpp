// Checker (testlib's convention): checker INPUT OUTPUT ANSWER. OUTPUT is what the interactor
// wrote of the solution's answer, ANSWER what it wrote of the brute force's: equal, exit 0;
// else wrong answer, exit 1; an unreadable file, exit 3.
#include <cstdio>

static bool read(const char *path, long long &v) {
    std::FILE *f = std::fopen(path, "r");
    bool ok = f != nullptr && std::fscanf(f, "%lld", &v) == 1;
    if (f != nullptr) std::fclose(f);
    return ok;
}

int main(int argc, char *argv[]) {
    long long got, want;
    if (argc < 4 || !read(argv[3], want)) return 3;
    if (!read(argv[2], got)) {
        std::fprintf(stderr, "wrong output format no number\n");
        return 2;
    }
    if (got != want) {
        std::fprintf(stderr, "wrong answer expected %lld, found %lld\n", want, got);
        return 1;
    }
    return 0;
}
