// npm run bench -- codec [COUNT]: binary encode/decode throughput, protobuf-es against protobufjs,
// on the same schema-level trees from a fixed seed.
import { join } from 'node:path';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { packageRoot } from '../../src/package-root.js';

const count = Number(process.argv[2] ?? 10_000);
const rounds = 5;
const trees = fc.sample(luauArbitraries({ level: 'schema' }).moduleSet, {
  seed: 42,
  numRuns: count,
});
const esBytes = trees.map((t) => toBinary(ModuleSetSchema, t));
const totalBytes = esBytes.reduce((n, b) => n + b.length, 0);

const root = new protobuf.Root().loadSync(join(packageRoot, 'proto', 'luau.proto'), {
  keepCase: true,
});
const ModuleSetType = root.lookupType('luau.ModuleSet');
const jsMessages = esBytes.map((b) => ModuleSetType.decode(b));

/** Best of `rounds` passes, in MB/s of wire bytes. */
function measure(pass: () => void): number {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    pass();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return totalBytes / 1e6 / best;
}

const results = {
  'encode protobuf-es': measure(() => {
    for (const t of trees) toBinary(ModuleSetSchema, t);
  }),
  'encode protobufjs': measure(() => {
    for (const m of jsMessages) ModuleSetType.encode(m).finish();
  }),
  'decode protobuf-es': measure(() => {
    for (const b of esBytes) fromBinary(ModuleSetSchema, b, { recursionLimit: 1000 });
  }),
  'decode protobufjs': measure(() => {
    for (const b of esBytes) ModuleSetType.decode(b);
  }),
};

console.log(
  `codec: ${count} schema-level trees (seed 42), ${(totalBytes / 1e6).toFixed(2)} MB of binary, best of ${rounds}`,
);
for (const [name, mbps] of Object.entries(results)) {
  console.log(`  ${name.padEnd(20)} ${mbps.toFixed(1).padStart(8)} MB/s`);
}
const ratio = (a: number, b: number) => (a / b).toFixed(2);
console.log(
  `  protobuf-es / protobufjs: encode ${ratio(results['encode protobuf-es'], results['encode protobufjs'])}x, decode ${ratio(results['decode protobuf-es'], results['decode protobufjs'])}x`,
);
