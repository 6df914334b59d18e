// A whole-process driver around tdoku's TdokuSolverDpllTriadSimd, for
// side-by-side timing with `dance`: `driver solve FILE` prints each puzzle's
// first solution (or "none"), `driver count FILE` prints each puzzle's count
// to 2. One puzzle (81 characters, '.' or '0' for blanks) per line.
// Build beside a checkout of github.com/t-dillon/tdoku (bench/nine.sh, just bench-nine):
//   g++ -O3 -march=native -std=c++17 -I include -o tdoku-native \
//       tdoku_driver.cc src/solver_dpll_triad_simd.cc src/util.cc
// and again with -march=x86-64-v2 for tdoku-x86-64-v2.
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cstddef>
extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration,
                                           char *solution, size_t *num_guesses);
int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s solve|count FILE\n", argv[0]); return 2; }
    bool count = strcmp(argv[1], "count") == 0;
    FILE *f = fopen(argv[2], "r");
    if (!f) { perror(argv[2]); return 2; }
    static char out[1 << 16];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    char line[1024], solution[82];
    while (fgets(line, sizeof line, f)) {
        if (strlen(line) < 81) continue;
        line[81] = 0;
        size_t guesses = 0;
        size_t n = TdokuSolverDpllTriadSimd(line, count ? 2 : 1, 0, solution, &guesses);
        if (count) printf("%zu\n", n);
        else if (n) { solution[81] = 0; printf("%s\n", solution); }
        else printf("none\n");
    }
    return 0;
}
