/**
 * Writes docs/gallery.md and the PNGs in docs/gallery/ from real runs of the
 * built CLI (`npm run gallery` builds first). Every picture is shown with
 * the command that drew it, so the page cannot drift from what the tool does.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderChart } from '../src/bench/chart.js';
import type { BenchReport } from '../src/bench/encodings.js';
import { svgToPng } from '../src/render/png.js';

const DIR = join('docs', 'gallery');
const CLI = join('dist', 'src', 'cli', 'main.js');

interface Entry {
  title: string;
  about: string;
  /** The command as the page shows it (after `puzzlesat`). */
  args: string[];
  /** The picture it writes. */
  png: string;
  /** Show the command's text output too. */
  showOutput?: boolean;
}

const ENTRIES: Entry[] = [
  {
    title: 'Pentominoes on the 8x8 board with the 2x2 square',
    about: 'Each piece is one shape with a thick outline and one label; pieces that touch never share a colour.',
    args: ['solve', 'pentomino', '--preset', '8x8-square', '--png', 'pentomino-8x8.png'],
    png: 'pentomino-8x8.png',
    showOutput: true,
  },
  {
    title: 'The 6x10 rectangle',
    about: 'One of its 2339 tilings (up to symmetry).',
    args: ['solve', 'pentomino', '--preset', '6x10', '--png', 'pentomino-6x10.png'],
    png: 'pentomino-6x10.png',
  },
  {
    title: 'Copies of one piece',
    about: 'Copies get a letter each (L4a, L4b, ...) and, while the palette lasts, a colour each.',
    args: ['solve', 'polyomino', '--board', '8x5', '--pieces', 'L4*4,T4*2,O4*2,I4*2', '--png', 'copies.png'],
    png: 'copies.png',
  },
  {
    title: 'The Soma cube',
    about: 'The assembled cube, and each level on its own so that no piece is hidden (the V piece sits inside the cube).',
    args: ['solve', 'soma', '--png', 'soma.png'],
    png: 'soma.png',
  },
  {
    title: 'The Genius Square',
    about: 'A roll of the seven dice (white pegs) and the nine pieces around them.',
    args: ['solve', 'genius-square', '--roll', 'A3,A5,C3,C6,D1,D5,F1', '--png', 'genius-square.png'],
    png: 'genius-square.png',
  },
  {
    title: 'A printable Dobble deck',
    about:
      'Cards centred on A4 with crop marks; symbols that read the same turned round (6 and 9, 0, 18 ...) are underlined. The first of the pages.',
    args: ['dobble', '--symbols-per-card', '6', '--png', 'dobble.png'],
    png: 'dobble-1.png',
  },
];

function run(args: readonly string[], cwd: string): string {
  return execFileSync(process.execPath, [join(process.cwd(), CLI), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

async function main(): Promise<void> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const work = join(tmpdir(), `puzzlesat-gallery-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const page: string[] = [
    '# Gallery',
    '',
    'Every picture below was drawn by the command above it (`npm run gallery` runs them all again and rewrites this page).',
    'Any command with `--svg FILE` takes `--png FILE` too.',
    '',
  ];
  try {
    for (const e of ENTRIES) {
      const output = run(e.args, work);
      writeFileSync(join(DIR, e.png), readFileSync(join(work, e.png)));
      page.push(`## ${e.title}`, '', e.about, '', '```sh', `puzzlesat ${e.args.map(quote).join(' ')}`, '```', '');
      if (e.showOutput) page.push('```text', output.trimEnd(), '```', '');
      page.push(`![${e.title}](gallery/${e.png})`, '');
    }
    // Pictures drawn from data files rather than one command.
    run(['sweep', 'genius-square', '--count', '--sample', '400', '--histogram', 'histogram.svg'], work);
    writeFileSync(join(DIR, 'histogram.png'), await svgToPng(readFileSync(join(work, 'histogram.svg'), 'utf8')));
    page.push(
      '## Solutions per roll of The Genius Square',
      '',
      '```sh',
      'puzzlesat sweep genius-square --count --sample 400 --histogram histogram.svg',
      '```',
      '',
      '![histogram](gallery/histogram.png)',
      '',
    );
    const report = JSON.parse(readFileSync(join('bench', 'results', 'report.json'), 'utf8')) as BenchReport;
    writeFileSync(join(DIR, 'bench-chart.png'), await svgToPng(renderChart(report), { width: 700 }));
    page.push(
      '## The encoding benchmark',
      '',
      `The chart of bench/results/report.json (${report.date.slice(0, 10)}, ${report.machine.cpu}); \`puzzlesat bench\` draws it as chart.svg.`,
      '',
      '![bench chart](gallery/bench-chart.png)',
      '',
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(join('docs', 'gallery.md'), page.join('\n'));
  process.stdout.write(`wrote docs/gallery.md and ${ENTRIES.length + 2} pictures in ${DIR}\n`);
}

const quote = (a: string) => (/^[\w./,=-]+$/.test(a) ? a : `'${a}'`);

await main();
