/*
 * fcs_batch: Freecell Solver 5 deciding many boards in one process, so that a comparison
 * with `cardsim solve` times the solver and not 1,000 process start-ups.
 *
 *   cc -O2 -o fcs_batch fcs_batch.c -lfreecell-solver
 *   fcs_batch BOARDS.txt -g seahaven -l as
 *
 * BOARDS.txt holds boards in Freecell Solver's format separated by lines that start with
 * `#` (as `cardsim solve --boards-out` writes them). Every argument after the file is handed
 * to Freecell Solver's own command-line parser, as `fc-solve` would. One line per board goes
 * to standard output: `N S` (solved), `N U` (not solvable: search space exhausted) or `N ?`
 * (anything else), N counting boards from 1. The instance is recycled between boards: it
 * keeps its configuration and forgets the previous board's positions.
 */
#include <freecell-solver/fcs_cl.h>
#include <freecell-solver/fcs_user.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    size_t cap = 1 << 20, len = 0, n;
    char *buf = malloc(cap);
    while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
    }
    fclose(f);
    buf[len] = 0;
    return buf;
}

static void solve_one(void *fcs, const char *board, long n)
{
    int ret = freecell_solver_user_solve_board(fcs, board);
    char v = ret == FCS_STATE_WAS_SOLVED ? 'S' : ret == FCS_STATE_IS_NOT_SOLVEABLE ? 'U' : '?';
    printf("%ld %c\n", n, v);
    freecell_solver_user_recycle(fcs);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: fcs_batch BOARDS.txt [fc-solve options]\n");
        return 2;
    }
    void *fcs = freecell_solver_user_alloc();
    char *err = NULL;
    int last = 0;
    int ret = freecell_solver_user_cmd_line_parse_args_with_file_nesting_count(fcs, argc,
        (freecell_solver_str_t *)argv, 2, NULL, NULL, NULL, &err, &last, -1, NULL);
    if (ret != FCS_CMD_LINE_OK) {
        fprintf(stderr, "fcs_batch: bad options (%d): %s\n", ret, err ? err : "");
        return 2;
    }
    char *text = read_all(argv[1]);
    /* Split at lines starting with '#': each piece between them is one board. */
    long n = 0;
    char *start = NULL;
    for (char *line = text; *line;) {
        char *eol = strchr(line, '\n');
        char *next = eol ? eol + 1 : line + strlen(line);
        if (line[0] == '#') {
            if (start) {
                *line = 0;
                solve_one(fcs, start, ++n);
            }
            start = next;
        } else if (!start) {
            start = line;
        }
        line = next;
    }
    if (start && *start)
        solve_one(fcs, start, ++n);
    freecell_solver_user_free(fcs);
    return 0;
}
