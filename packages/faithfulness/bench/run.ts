// Figures for issue 3: a 1 MB answer must be checked in under 1 s (linear time), plus the
// throughput on answers of a typical size. Run with `pnpm bench`.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type AnswerText, checkAnswer, type ResultRows } from '../src/index.js';

const MB = 1024 * 1024;

const genres: ResultRows = {
  columns: ['genre', 'tracks', 'share'],
  rows: [
    ['Rock', 1297, 0.3703],
    ['Latin', 579, 0.1653],
    ['Metal', 374, 0.1068],
    ['Alternative & Punk', 332, 0.0948],
    ['Jazz', 130, 0.0371],
  ],
};
const question = 'Which genres have the most tracks in 2025? Show the top 5.';

const typical: AnswerText = {
  summary: '**Rock** leads with 1,297 tracks (37.0%), ahead of "Latin" with 579.',
  content: [
    'The top 5 genres hold 2,712 tracks in 2025:',
    '1. Rock \u2014 1,297 tracks (37.03%)',
    '2. Latin \u2014 579 tracks',
    '3. Metal \u2014 374 tracks',
    '4. **Alternative & Punk** \u2014 332 tracks',
    '5. Jazz \u2014 130 tracks, about 0.13k, on 2025-12-22.',
  ].join('\n'),
};

function repeatTo(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}

// The best of a few runs, so a GC pause or a busy machine does not decide the figure. Both
// wall-clock and this process's CPU time are kept: on a shared machine they differ a lot.
function time(run: () => unknown, repeats = 3): { wall: number; cpu: number } {
  let wall = Number.POSITIVE_INFINITY;
  let cpu = Number.POSITIVE_INFINITY;
  for (let r = 0; r < repeats; r++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    run();
    wall = Math.min(wall, performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

function rankedTable(bytes: number): string {
  const parts = ['| # | Genre | Tracks |\n|---|---|---|\n'];
  let length = parts[0]!.length;
  for (let k = 1; length < bytes; k++) {
    const part = `| ${k} | Rock | 1,297 |\n`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, bytes);
}

function distinctNames(bytes: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let k = 0; length < bytes; k++) {
    let name = '';
    for (let v = k + 1; v > 0; v = Math.floor(v / 26)) name += String.fromCharCode(97 + (v % 26));
    const part = `**Band ${name}** `;
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, bytes);
}

function distinctNumbers(bytes: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let k = 0; length < bytes; k++) {
    const part = `${(k * 7919) % 1_000_003}.${k % 100} `;
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, bytes);
}

const prose = `${typical.summary}\n${typical.content}\nIn Q3 chinook_001 used MPEG-4, the 2nd of May; "Polka" had 1,300 and **Blues** $4.12M, -5 and \u201312 on 22/12/2025.\n`;
const oneMbAnswers: [string, string][] = [
  ['typical prose, repeated', repeatTo(prose, MB)],
  ['distinct numbers (no repeats)', distinctNumbers(MB)],
  ['digits and thousands separators', repeatTo('1,234,567.89 ', MB)],
  ['one unbroken number-like run', repeatTo('1,2', MB)],
  ['dotted identifiers', repeatTo('1.2.3.4.', MB)],
  ['dates and clock times', repeatTo('2025-12-22 10:30:15 ', MB)],
  ['unclosed straight quotes on one line', repeatTo(" 'a", MB)],
  ['unclosed double quotes on one line', repeatTo('" a ', MB)],
  ['asterisks with no closer on a line', repeatTo('** a\n', MB)],
  ['bold spans', repeatTo('**Rock** **Polka** ', MB)],
  ['distinct bold names (no repeats)', distinctNames(MB)],
  ['ranked Markdown table rows', rankedTable(MB)],
  ['long quoted name', `"${repeatTo('Rock ', MB - 2)}"`],
  ['backtick runs', repeatTo('`` ` ```` a ', MB)],
  ['no-break spaces and en dashes', repeatTo('\u20131\u00a0297\u202f000 ', MB)],
  ['full-width digits', repeatTo('\uff11\uff12\uff13 ', MB)],
];

console.log('@nl2sql/faithfulness benchmark');
console.log(`node ${process.version}`);
console.log('');
console.log('1 MB answers (best of 3; target: under 1000 ms each)');
console.log(
  `  ${'input'.padEnd(38)} ${'wall'.padStart(9)} ${'cpu'.padStart(9)} ${'MB/s'.padStart(7)}  checked`,
);
let worst = 0;
let worstCpu = 0;
for (const [label, content] of oneMbAnswers) {
  let checked = 0;
  const t = time(() => {
    checked = checkAnswer({ content }, genres, question).checked;
  });
  worst = Math.max(worst, t.wall);
  worstCpu = Math.max(worstCpu, t.cpu);
  console.log(
    `  ${label.padEnd(38)} ${ms(t.wall)} ${ms(t.cpu)} ${((1000 / t.wall) * (MB / 1e6)).toFixed(1).padStart(7)}  ${checked}`,
  );
}
const verdict = (value: number) => (value < 1000 ? 'under 1 s' : 'OVER 1 s');
console.log(
  `  slowest 1 MB answer: ${worst.toFixed(0)} ms wall (${verdict(worst)}), ${worstCpu.toFixed(0)} ms cpu (${verdict(worstCpu)})`,
);
console.log('  (wall time includes waiting for a CPU; on a busy machine compare the cpu column)');

console.log('');
console.log('linearity: typical prose at growing sizes');
for (const size of [MB / 4, MB / 2, MB, 2 * MB, 4 * MB]) {
  const content = repeatTo(prose, size);
  const t = time(() => checkAnswer({ content }, genres, question), 2);
  console.log(
    `  ${(size / MB).toFixed(2).padStart(5)} MB ${ms(t.wall)} wall ${ms(t.cpu)} cpu  ${((size / MB / t.cpu) * 1000).toFixed(2)} MB per cpu-s`,
  );
}

console.log('');
const typicalLength = (typical.summary?.length ?? 0) + (typical.content?.length ?? 0);
const iterations = 20_000;
const t = time(() => {
  for (let k = 0; k < iterations; k++) checkAnswer(typical, genres, question);
}, 2);
console.log(
  `typical answers (${typicalLength} chars, 5 rows x 3 columns, evidence rebuilt per call)`,
);
console.log(`  ${iterations} answers in ${ms(t.wall)} wall, ${ms(t.cpu)} cpu`);
console.log(
  `  ${((iterations / t.wall) * 1000).toFixed(0)} answers/s wall, ${((t.wall * 1000) / iterations).toFixed(1)} us per answer`,
);
const [load1] = loadavg();
console.log('');
console.log(`load average while measuring: ${load1.toFixed(1)} on ${cpus().length} CPUs`);

function ms(value: number): string {
  return `${value.toFixed(0).padStart(6)} ms`;
}
