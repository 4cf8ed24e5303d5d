import type { BenchReport } from './encodings.js';

/**
 * The bench chart: one panel per puzzle, a horizontal bar per cell that
 * enumerated (the time to the first N classes, on a logarithmic axis shared
 * by all panels so that they compare), coloured by solver. Every panel has
 * its own labelled axis; a legend names the solvers and the hatched
 * "stopped at the time box" bars.
 */

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Solver colours: well apart, and distinct from the hatching's white. */
const SOLVER_COLOURS = ['#3b75af', '#ef8636', '#519e3e', '#c53a32', '#8d6ab8', '#84584e', '#d57dbf', '#7f7f7f', '#bcbc35', '#42b7c8'];

const LAYOUT = { labelW: 270, barW: 560, rowH: 15, panelGap: 30, axisH: 34, headH: 22, legendRow: 18 };

const tickText = (t: number) => (t >= 1 ? `${t.toFixed(0)} s` : `${t.toPrecision(1)} s`);

export function renderChart(report: BenchReport): string {
  const { labelW, barW, rowH, panelGap, axisH, headH, legendRow } = LAYOUT;
  const T = report.settings.timeoutSeconds;
  const rows = report.cells.filter((c) => c.firstN);
  const solvers = [...new Set(rows.map((c) => c.solver))];
  const colour = (solver: string) => SOLVER_COLOURS[solvers.indexOf(solver) % SOLVER_COLOURS.length]!;
  // A cell that ran out of time is drawn to the box; with no cells the axis spans one decade.
  const times = rows.length ? rows.map((c) => c.firstN!.seconds ?? T) : [1];
  const lo = 10 ** Math.floor(Math.log10(Math.max(1e-3, Math.min(...times))));
  const hi = Math.max(10 * lo, 10 ** Math.ceil(Math.log10(Math.max(...times))));
  const width = labelW + barW + 80;
  const xOf = (s: number) => labelW + (Math.log10(Math.max(s, lo) / lo) / Math.log10(hi / lo)) * barW;
  const ticks: number[] = [];
  for (let t = lo; t <= hi * 1.0001; t *= 10) ticks.push(t);

  // The legend: one swatch per solver, then the hatched box.
  const legend: string[] = [];
  const entries = [...solvers.map((s, i) => ({ fill: colour(s), stroke: colour(s), text: s, i })), { fill: 'url(#hatch-legend)', stroke: '#555', text: `stopped at the ${T} s box`, i: -1 }];
  const perRow = Math.max(1, Math.floor((width - 16) / 150));
  entries.forEach((e, k) => {
    const x = 8 + (k % perRow) * 150;
    const y = 52 + Math.floor(k / perRow) * legendRow;
    legend.push(`<rect x="${x}" y="${y}" width="12" height="12" fill="${e.fill}" stroke="${e.stroke}"/><text x="${x + 18}" y="${y + 10}">${escapeXml(e.text)}</text>`);
  });
  const top = 52 + Math.ceil(entries.length / perRow) * legendRow + 14;

  const parts: string[] = [];
  let y = top;
  for (const puzzle of report.puzzles) {
    const group = rows.filter((c) => c.puzzle === puzzle.name);
    if (!group.length) continue;
    parts.push(`<text x="8" y="${y + 12}" font-weight="bold" font-size="12">${escapeXml(`${puzzle.name}: time to the first ${Math.min(report.settings.limit, puzzle.expected.classes)} classes`)}</text>`);
    y += headH;
    const panelTop = y;
    const bars: string[] = [];
    for (const c of group) {
      const s = c.firstN!.seconds;
      const x = xOf(s ?? T);
      const fill = s === null ? `url(#hatch-${solvers.indexOf(c.solver)})` : colour(c.solver);
      bars.push(`<text x="${labelW - 6}" y="${y + rowH - 4}" text-anchor="end">${escapeXml(`${c.encoding} · ${c.solver}`)}</text>`);
      bars.push(`<rect x="${labelW}" y="${y + 2}" width="${(x - labelW).toFixed(1)}" height="${rowH - 3}" fill="${fill}" stroke="${colour(c.solver)}"/>`);
      bars.push(`<text x="${(x + 4).toFixed(1)}" y="${y + rowH - 4}" fill="#333">${s === null ? `>${T} s` : `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`}</text>`);
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
      parts.push(`<line x1="${x}" y1="${axisY}" x2="${x}" y2="${axisY + 4}" stroke="#333"/><text x="${x}" y="${axisY + 16}" text-anchor="middle">${tickText(t)}</text>`);
    }
    parts.push(`<text x="${labelW + barW / 2}" y="${axisY + 30}" text-anchor="middle" fill="#555">seconds (logarithmic)</text>`);
    y = axisY + axisH + panelGap - 20;
  }
  const height = y + 10;
  const hatch = (id: string, stroke: string) =>
    `<pattern id="${id}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="white"/><line x1="0" y1="0" x2="0" y2="6" stroke="${stroke}" stroke-width="3"/></pattern>`;
  const patterns = [...solvers.map((s, i) => hatch(`hatch-${i}`, colour(s))), hatch('hatch-legend', '#777')];
  const title = `Time to the first N symmetry classes (${report.settings.suite} suite, N = ${report.settings.limit}, median of ${report.settings.repeat})`;
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
