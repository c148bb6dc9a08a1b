// Lists the functions with the most self time in V8 CPU profiles (`*.cpuprofile`, as `BENCH_CPU_PROF_DIR` or
// `node --cpu-prof` writes them): `node bench/profile-top.mjs <file-or-dir> [count]`. For reading where the time of
// a bench went without opening DevTools.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const [target, countArg] = process.argv.slice(2);
if (!target) {
  console.error('usage: node bench/profile-top.mjs <profile.cpuprofile | directory> [count]');
  process.exit(2);
}
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => path.join(target, name))
  : [target];
const count = Number(countArg ?? 25);

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  // samples[i] took timeDeltas[i] microseconds; attribute it to the sampled node's function.
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id).callFrame;
    const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : '(native)';
    const key = `${frame.functionName || '(anonymous)'} ${where}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(
      `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${key}`,
    );
}
