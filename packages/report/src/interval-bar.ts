import { coord, percent } from './display-format.js';
import { escapeHtml } from './html-escape.js';

/** A share with its interval, all in 0..1. */
export interface IntervalFigure {
  readonly rate: number;
  readonly lower: number;
  readonly upper: number;
}

const WIDTH = 160;
const HEIGHT = 16;
const PAD = 4;

/**
 * A Wilson interval as a small inline SVG: the 0-100% track, the interval as a band and the
 * observed rate as a tick, with gridlines at 25% steps. The title says the same in words, so
 * hovering (or a screen reader) gives the figures.
 */
export function intervalBar(figure: IntervalFigure, label: string): string {
  const x = (v: number) => PAD + Math.min(1, Math.max(0, v)) * (WIDTH - 2 * PAD);
  const words = `${label}: ${percent(figure.rate)}, 95% Wilson interval ${percent(figure.lower)} to ${percent(figure.upper)}`;
  const grid = [0.25, 0.5, 0.75]
    .map((g) => `<line x1="${coord(x(g))}" y1="3" x2="${coord(x(g))}" y2="13" class="grid"/>`)
    .join('');
  return (
    `<svg class="interval" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(words)}">` +
    `<title>${escapeHtml(words)}</title>` +
    `<rect x="${PAD}" y="6" width="${WIDTH - 2 * PAD}" height="4" rx="2" class="track"/>` +
    grid +
    `<rect x="${coord(x(figure.lower))}" y="4" width="${coord(Math.max(1, x(figure.upper) - x(figure.lower)))}" height="8" rx="2" class="band"/>` +
    `<rect x="${coord(x(figure.rate) - 1.5)}" y="1" width="3" height="14" rx="1" class="tick"/>` +
    '</svg>'
  );
}
