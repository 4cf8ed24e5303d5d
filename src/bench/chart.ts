import type { BenchReport } from './encodings.js';

/**
 * The bench chart: per puzzle, a panel of the time to the first N classes
 * (wall seconds, a bar per cell that enumerated) and a panel of the
 * searching regime (CPU seconds for all classes, a bar per cell that ran
 * it), on a logarithmic axis shared by all panels so that they compare,
 * coloured by solver. Every panel has its own labelled axis; a legend names
 * the solvers and the hatched bars: stopped at the time box, or projected
 * from the rate of a boxed run.
 */

interface Bar {
  label: string;
  solver: string;
  seconds: number;
  /** Drawn hatched: stopped at the box (first N) or projected (searching). */
  unfinished: boolean;
  text: string;
}

interface Panel {
  title: string;
  bars: Bar[];
}

const secondsText = (s: number) => `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`;

function panels(report: BenchReport): Panel[] {
  const T = report.settings.timeoutSeconds;
  const search = report.settings.search;
  return report.puzzles.flatMap((puzzle) => {
    const cells = report.cells.filter((c) => c.puzzle === puzzle.name);
    const firstN: Bar[] = cells
      .filter((c) => c.firstN)
      .map((c) => {
        const s = c.firstN!.seconds;
        return {
          label: `${c.encoding} · ${c.solver}`,
          solver: c.solver,
          seconds: s ?? T,
          unfinished: s === null,
          text: s === null ? `>${T} s` : secondsText(s),
        };
      });
    const searching: Bar[] = cells
      .filter((c) => c.search?.allCpu != null)
      .map((c) => {
        const m = c.search!;
        return {
          label: `${c.encoding} · ${c.solver}`,
          solver: c.solver,
          seconds: m.allCpu!,
          unfinished: !m.complete,
          text: `${m.complete ? '' : '≈'}${secondsText(m.allCpu!)} CPU`,
        };
      });
    const n = Math.min(report.settings.limit, puzzle.expected.classes);
    return [
      { title: `${puzzle.name}: time to the first ${n} classes`, bars: firstN },
      ...(search
        ? [
            {
              title: `${puzzle.name}, the SAT solver searching: CPU for all ${puzzle.expected.classes} classes (cube depth ${search.cubeDepth}, ${search.branching}, ${search.enumMode})`,
              bars: searching,
            },
          ]
        : []),
    ].filter((p) => p.bars.length > 0);
  });
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Solver colours: well apart, and distinct from the hatching's white. */
const SOLVER_COLOURS = ['#3b75af', '#ef8636', '#519e3e', '#c53a32', '#8d6ab8', '#84584e', '#d57dbf', '#7f7f7f', '#bcbc35', '#42b7c8'];

const LAYOUT = { labelW: 270, barW: 560, rowH: 15, panelGap: 30, axisH: 34, headH: 22, legendRow: 18 };

const tickText = (t: number) => (t >= 1 ? `${t.toFixed(0)} s` : `${t.toPrecision(1)} s`);

export function renderChart(report: BenchReport): string {
  const { labelW, barW, rowH, panelGap, axisH, headH, legendRow } = LAYOUT;
  const T = report.settings.timeoutSeconds;
  const all = panels(report);
  const rows = all.flatMap((p) => p.bars);
  const solvers = [...new Set(rows.map((b) => b.solver))];
  const colour = (solver: string) => SOLVER_COLOURS[solvers.indexOf(solver) % SOLVER_COLOURS.length]!;
  // A cell that ran out of time is drawn to the box; with no cells the axis spans one decade.
  const times = rows.length ? rows.map((b) => b.seconds) : [1];
  const lo = 10 ** Math.floor(Math.log10(Math.max(1e-3, Math.min(...times))));
  const hi = Math.max(10 * lo, 10 ** Math.ceil(Math.log10(Math.max(...times))));
  const width = labelW + barW + 80;
  const xOf = (s: number) => labelW + (Math.log10(Math.max(s, lo) / lo) / Math.log10(hi / lo)) * barW;
  const ticks: number[] = [];
  for (let t = lo; t <= hi * 1.0001; t *= 10) ticks.push(t);

  // The legend: one swatch per solver, then the hatched box.
  const legend: string[] = [];
  const entries = [
    ...solvers.map((s, i) => ({ fill: colour(s), stroke: colour(s), text: s, i })),
    { fill: 'url(#hatch-legend)', stroke: '#555', text: `stopped at the ${T} s box, or projected`, i: -1 },
  ];
  const perRow = Math.max(1, Math.floor((width - 16) / 180));
  entries.forEach((e, k) => {
    const x = 8 + (k % perRow) * 180;
    const y = 52 + Math.floor(k / perRow) * legendRow;
    legend.push(
      `<rect x="${x}" y="${y}" width="12" height="12" fill="${e.fill}" stroke="${e.stroke}"/><text x="${x + 18}" y="${y + 10}">${escapeXml(e.text)}</text>`,
    );
  });
  const top = 52 + Math.ceil(entries.length / perRow) * legendRow + 14;

  const parts: string[] = [];
  let y = top;
  for (const panel of all) {
    parts.push(`<text x="8" y="${y + 12}" font-weight="bold" font-size="12">${escapeXml(panel.title)}</text>`);
    y += headH;
    const panelTop = y;
    const bars: string[] = [];
    for (const b of panel.bars) {
      const x = xOf(b.seconds);
      const fill = b.unfinished ? `url(#hatch-${solvers.indexOf(b.solver)})` : colour(b.solver);
      bars.push(`<text x="${labelW - 6}" y="${y + rowH - 4}" text-anchor="end">${escapeXml(b.label)}</text>`);
      bars.push(
        `<rect x="${labelW}" y="${y + 2}" width="${(x - labelW).toFixed(1)}" height="${rowH - 3}" fill="${fill}" stroke="${colour(b.solver)}"/>`,
      );
      bars.push(`<text x="${(x + 4).toFixed(1)}" y="${y + rowH - 4}" fill="#333">${escapeXml(b.text)}</text>`);
      y += rowH;
    }
    const axisY = y + 4;
    // Grid lines behind the bars, then the panel's own axis with its tick labels.
    for (const t of ticks) parts.push(`<line x1="${xOf(t).toFixed(1)}" y1="${panelTop}" x2="${xOf(t).toFixed(1)}" y2="${axisY}" stroke="#e3e3e3"/>`);
    parts.push(...bars);
    parts.push(`<line x1="${labelW}" y1="${axisY}" x2="${labelW + barW}" y2="${axisY}" stroke="#333"/>`);
    parts.push(`<line x1="${labelW}" y1="${panelTop}" x2="${labelW}" y2="${axisY}" stroke="#333"/>`);
    for (const t of ticks) {
      const x = xOf(t).toFixed(1);
      parts.push(
        `<line x1="${x}" y1="${axisY}" x2="${x}" y2="${axisY + 4}" stroke="#333"/><text x="${x}" y="${axisY + 16}" text-anchor="middle">${tickText(t)}</text>`,
      );
    }
    parts.push(`<text x="${labelW + barW / 2}" y="${axisY + 30}" text-anchor="middle" fill="#555">seconds (logarithmic)</text>`);
    y = axisY + axisH + panelGap - 20;
  }
  const height = y + 10;
  const hatch = (id: string, stroke: string) =>
    `<pattern id="${id}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="white"/><line x1="0" y1="0" x2="0" y2="6" stroke="${stroke}" stroke-width="3"/></pattern>`;
  const patterns = [...solvers.map((s, i) => hatch(`hatch-${i}`, colour(s))), hatch('hatch-legend', '#777')];
  const title = `Time to the first N symmetry classes (wall, N = ${report.settings.limit}) and to all of them with the SAT solver searching (CPU); ${report.settings.suite} suite`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<defs>${patterns.join('')}</defs>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="white"/>`,
    `<text x="8" y="20" font-size="14">${escapeXml(title)}</text>`,
    `<text x="8" y="38" fill="#555">${escapeXml(`${report.date}, ${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.machine.node}`)}</text>`,
    ...legend,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
