#!/usr/bin/env node
// Runs npm binaryen's `wasm-opt` once per module, all in this one process:
//   node scripts/wasm-opt-batch.cjs IN OUT [IN OUT ...]       (each: wasm-opt -Oz IN -o OUT)
// The npm wasm-opt is wasm-opt itself compiled by Emscripten into one 10 MB script, and each
// command spends about 2 s of CPU decoding and compiling that script before it reads a byte:
// for the 60-odd modules of the split build (scripts/split-dist.py) that was most of its time.
// Here the script is loaded once and its `main` is called for each module; the outputs are the
// command's own, byte for byte (checked on every module of a split build, 2026-11-28).
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error('usage: node scripts/wasm-opt-batch.cjs IN OUT [IN OUT ...]');
  process.exit(2);
}
const file = fs.realpathSync(path.join(__dirname, '..', 'node_modules', '.bin', 'wasm-opt'));
// Run as a classic script in this context, so its top-level `var Module` is the global one set
// here (`noInitialRun`: load, but wait to be called) and its `callMain` becomes a global.
globalThis.Module = { noInitialRun: true, thisProgram: 'wasm-opt' };
Object.assign(globalThis, { require, __filename: file, __dirname: path.dirname(file) });
globalThis.Module.onRuntimeInitialized = () => {
  for (let i = 0; i < pairs.length; i += 2) {
    const status = globalThis.callMain(['-Oz', pairs[i], '-o', pairs[i + 1]]);
    if (status !== 0) {
      console.error(`wasm-opt -Oz ${pairs[i]} -o ${pairs[i + 1]} failed (status ${status})`);
      process.exit(1);
    }
  }
};
vm.runInThisContext(fs.readFileSync(file, 'utf8').replace(/^#!.*\n/, ''), { filename: file });
