// Interactor in Polygon's way (as testlib's interactor-a-plus-b): interactor INPUT OUTPUT. Sends
// n and the values to the solution, writes the number it answers to OUTPUT, and exits 0 whatever
// it answered: the checker judges OUTPUT against the brute force's. A solution that answers
// nothing is a presentation error (exit 2); a bad INPUT is the interactor's own failure (3).
#include <csignal>
#include <cstdio>

int main(int argc, char *argv[]) {
    std::signal(SIGPIPE, SIG_IGN);
    if (argc < 3) return 3;
    std::FILE *in = std::fopen(argv[1], "r");
    std::FILE *out = std::fopen(argv[2], "w");
    int n;
    if (in == nullptr || out == nullptr || std::fscanf(in, "%d", &n) != 1) return 3;
    std::printf("%d\n", n);
    for (int i = 0; i < n; i++) {
        int x;
        if (std::fscanf(in, "%d", &x) != 1) return 3;
        std::printf("%d\n", x);
    }
    std::fflush(stdout);
    long long answer;
    if (std::scanf("%lld", &answer) != 1) {
        std::fprintf(stderr, "wrong output format the solution answered nothing\n");
        return 2;
    }
    std::fprintf(out, "%lld\n", answer);
    std::fclose(out);
    return 0;
}
