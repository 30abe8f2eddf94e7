import { checkAnswer } from '../src/index.js';

const content = '1,2'.repeat(350000);
const rows = {
  columns: ['genre', 'tracks'],
  rows: [
    ['Rock', 1297],
    ['Latin', 579],
  ],
};
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  checkAnswer({ content }, rows, 'top 5');
  console.log(performance.now() - t);
}
