/*
 * genius-count: the C peer of the Genius Square counting sweep
 * (bench/genius-square.ts). Dancing links (Knuth's Algorithm X with the
 * column of fewest rows chosen first) counting every solution of each roll.
 *
 * Input (text, written by the bench):
 *   cells <C> pieces <P> placements <N>
 *   N lines: <piece> <k> <cell_1> ... <cell_k>   the pieces' placements on the empty board
 *   rolls <R>
 *   R lines: <k> <cell_1> ... <cell_k>            the blocked cells of each roll
 * Output: one line per roll with its number of solutions, then "cpu <seconds>"
 * (user + system time of this process, reading the input included).
 *
 * Per roll the matrix holds the placements that miss the blockers; its
 * columns are the free cells and the pieces, all primary.
 *
 *   cc -O2 -o genius-count genius-count.c && ./genius-count < matrix.txt
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

enum { MAX_CELLS = 64, MAX_PIECES = 32, MAX_COLUMNS = MAX_CELLS + MAX_PIECES };

typedef struct {
  int piece;
  int size;
  int cells[MAX_CELLS];
  uint64_t mask;
} Placement;

/* The dancing-links matrix: node 0 is the root, nodes 1..columns the headers. */
typedef struct {
  int *left, *right, *up, *down, *column;
  int size[MAX_COLUMNS + 1];
  int nodes;
} Matrix;

static void die(const char *message) {
  fprintf(stderr, "genius-count: %s\n", message);
  exit(1);
}

static void read_int(int *value) {
  if (scanf("%d", value) != 1) die("malformed input");
}

static void expect_word(const char *word) {
  char got[32];
  if (scanf("%31s", got) != 1) die("malformed input");
  for (int i = 0; word[i] || got[i]; i++)
    if (word[i] != got[i]) die("malformed input (unexpected keyword)");
}

static void link_column(Matrix *m, int header) {
  m->left[header] = m->left[0];
  m->right[header] = 0;
  m->right[m->left[0]] = header;
  m->left[0] = header;
  m->up[header] = m->down[header] = m->column[header] = header;
  m->size[header] = 0;
}

/* Builds the matrix of one roll: headers for the free cells and the pieces, one row per fitting placement. */
static void build(Matrix *m, int cells, int pieces, const Placement *placements, int count, uint64_t blocked) {
  m->left[0] = m->right[0] = 0;
  for (int c = 0; c < cells; c++)
    if (!(blocked >> c & 1)) link_column(m, 1 + c);
  for (int p = 0; p < pieces; p++) link_column(m, 1 + cells + p);
  int node = 1 + cells + pieces;
  for (int i = 0; i < count; i++) {
    const Placement *pl = &placements[i];
    if (pl->mask & blocked) continue;
    int first = node;
    for (int j = 0; j <= pl->size; j++, node++) {
      int header = 1 + (j < pl->size ? pl->cells[j] : cells + pl->piece);
      m->column[node] = header;
      m->up[node] = m->up[header];
      m->down[node] = header;
      m->down[m->up[header]] = node;
      m->up[header] = node;
      m->size[header]++;
      m->left[node] = node - 1;
      m->right[node] = node + 1;
    }
    m->left[first] = node - 1;
    m->right[node - 1] = first;
  }
  m->nodes = node;
}

static void cover(Matrix *m, int header) {
  m->right[m->left[header]] = m->right[header];
  m->left[m->right[header]] = m->left[header];
  for (int row = m->down[header]; row != header; row = m->down[row])
    for (int j = m->right[row]; j != row; j = m->right[j]) {
      m->down[m->up[j]] = m->down[j];
      m->up[m->down[j]] = m->up[j];
      m->size[m->column[j]]--;
    }
}

static void uncover(Matrix *m, int header) {
  for (int row = m->up[header]; row != header; row = m->up[row])
    for (int j = m->left[row]; j != row; j = m->left[j]) {
      m->size[m->column[j]]++;
      m->down[m->up[j]] = j;
      m->up[m->down[j]] = j;
    }
  m->right[m->left[header]] = header;
  m->left[m->right[header]] = header;
}

static uint64_t search(Matrix *m) {
  if (m->right[0] == 0) return 1;
  int best = m->right[0];
  for (int c = m->right[best]; c != 0 && m->size[best] > 1; c = m->right[c])
    if (m->size[c] < m->size[best]) best = c;
  if (m->size[best] == 0) return 0;
  uint64_t found = 0;
  cover(m, best);
  for (int row = m->down[best]; row != best; row = m->down[row]) {
    for (int j = m->right[row]; j != row; j = m->right[j]) cover(m, m->column[j]);
    found += search(m);
    for (int j = m->left[row]; j != row; j = m->left[j]) uncover(m, m->column[j]);
  }
  uncover(m, best);
  return found;
}

int main(void) {
  int cells, pieces, count;
  expect_word("cells");
  read_int(&cells);
  expect_word("pieces");
  read_int(&pieces);
  expect_word("placements");
  read_int(&count);
  if (cells < 1 || cells > MAX_CELLS || pieces < 1 || pieces > MAX_PIECES || count < 0) die("board or piece count out of range");
  Placement *placements = calloc(count > 0 ? count : 1, sizeof *placements);
  int nodes = 1 + cells + pieces;
  for (int i = 0; i < count; i++) {
    Placement *pl = &placements[i];
    read_int(&pl->piece);
    read_int(&pl->size);
    if (pl->piece < 0 || pl->piece >= pieces || pl->size < 1 || pl->size > cells) die("bad placement");
    for (int j = 0; j < pl->size; j++) {
      read_int(&pl->cells[j]);
      if (pl->cells[j] < 0 || pl->cells[j] >= cells) die("placement cell out of range");
      pl->mask |= (uint64_t)1 << pl->cells[j];
    }
    nodes += pl->size + 1;
  }
  Matrix m;
  m.left = malloc(nodes * sizeof(int));
  m.right = malloc(nodes * sizeof(int));
  m.up = malloc(nodes * sizeof(int));
  m.down = malloc(nodes * sizeof(int));
  m.column = malloc(nodes * sizeof(int));
  int rolls;
  expect_word("rolls");
  read_int(&rolls);
  for (int r = 0; r < rolls; r++) {
    int k, cell;
    uint64_t blocked = 0;
    read_int(&k);
    for (int j = 0; j < k; j++) {
      read_int(&cell);
      if (cell < 0 || cell >= cells) die("blocked cell out of range");
      blocked |= (uint64_t)1 << cell;
    }
    build(&m, cells, pieces, placements, count, blocked);
    printf("%llu\n", (unsigned long long)search(&m));
  }
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("cpu %.3f\n", usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6);
  return 0;
}
