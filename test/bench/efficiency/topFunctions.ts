// Prints the functions with the most self time in a .cpuprofile (from `node --cpu-prof`), and
// the share of the total each has: `tsx test/bench/efficiency/topFunctions.ts file [count]`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const [file, countArg] = process.argv.slice(2);
if (!file) throw new Error('usage: topFunctions.ts <file.cpuprofile> [count]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  const dt = profile.timeDeltas[i] ?? 0;
  if (!node) return;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*\/(node_modules|src|test)\//, '$1/');
  const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  total += dt;
});
const idle = [...self.entries()]
  .filter(([k]) => k.startsWith('(idle)'))
  .reduce((a, [, v]) => a + v, 0);
console.log(`total ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms`);
for (const [key, micros] of [...self.entries()]
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(countArg ?? 40))) {
  console.log(`${((micros / (total - idle)) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
