// The threads of a traced walk (run by hand), from a trace saved by
//   node e2e/bench/player-frames.mjs … --only-aligned --trace --trace-file T.json
//   node e2e/bench/player-thread-times.mjs T.json [3,10,25] (the steps whose main-thread events are listed)
// For each frame-aligned step (its `step-start` to `step-end` marks): the CPU time (tdur) of
// each thread's top-level events inside the step's span (the renderer's main thread, the
// compositor, viz, raster workers), and for the steps named, the main thread's events longer
// than 1.5 ms as wall/CPU: a wall time far above the CPU time inside style, layout or paint is
// the thread descheduled (a loaded machine), not waiting for another thread. Then the median
// over the steps per thread. Session 26 (walk26) used it to tell a loaded machine's wall time
// from work added off the main thread.
import fs from 'node:fs';
const events = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')).traceEvents;
const only = process.argv[3] ? new Set(process.argv[3].split(',').map(Number)) : null;
const names = {};
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names[`${e.pid}:${e.tid}`] = e.args.name;
const marks = events.filter((e) => e.name === 'TimeStamp' && /^step-(start|end)$/.test(e.args?.data?.message ?? ''));
const starts = marks.filter((e) => e.args.data.message === 'step-start').sort((a, b) => a.ts - b.ts);
const ends = marks.filter((e) => e.args.data.message === 'step-end').sort((a, b) => a.ts - b.ts);
const main = `${starts[0].pid}:${starts[0].tid}`;
const xs = events.filter((e) => e.ph === 'X' && e.dur != null);
const byThread = {};
for (const e of xs) (byThread[`${e.pid}:${e.tid}`] ??= []).push(e);
// Top-level events only, per thread.
const top = {};
for (const [t, list] of Object.entries(byThread)) {
  list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = [];
  let endTs = -1;
  for (const e of list) { if (e.ts >= endTs) { out.push(e); endTs = e.ts + e.dur; } }
  top[t] = out;
}
const sums = {};
starts.forEach((s, k) => {
  const end = ends.find((e) => e.ts >= s.ts)?.ts ?? s.ts;
  const wall = (end - s.ts) / 1000;
  const per = {};
  for (const [t, list] of Object.entries(top)) {
    let cpu = 0;
    for (const e of list) {
      const a = Math.max(e.ts, s.ts), b = Math.min(e.ts + e.dur, end);
      if (b <= a) continue;
      const frac = (b - a) / e.dur;
      cpu += (e.tdur ?? e.dur) * frac;
    }
    if (cpu > 200) per[names[t] ?? t] = (per[names[t] ?? t] ?? 0) + cpu / 1000;
  }
  for (const [n, v] of Object.entries(per)) (sums[n] ??= []).push(v);
  if (only && !only.has(k + 1)) return;
  // Main thread's events in the span, named, with dur and tdur (descendants too) over 1 ms.
  const mainEv = byThread[main].filter((e) => e.ts >= s.ts && e.ts < end && e.dur > 1500 && ['RunTask','ThreadControllerImpl::RunTask'].indexOf(e.name) < 0);
  const detail = mainEv.slice(0, 14).map((e) => `${e.name} ${(e.dur/1000).toFixed(1)}/${((e.tdur??0)/1000).toFixed(1)}`).join('; ');
  console.log(`step ${k + 1} wall ${wall.toFixed(1)}: ` + Object.entries(per).sort((a, b) => b[1] - a[1]).map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', '));
  if (only) console.log('   main: ' + detail);
});
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log('medians over steps (threads busy in the span):', Object.entries(sums).map(([n, v]) => `${n} ${med(v).toFixed(1)} (n=${v.length})`).join(', '));
