// `npm run bench -- <name>...` runs the named benchmarks (all when none is named).
const benches: Record<string, () => Promise<unknown>> = {
  store: async () => (await import('./store.bench')).run(),
  frontend: async () => (await import('./frontend.bench')).run(),
  tracking: async () => (await import('./tracking.bench')).run(),
  cart: async () => (await import('./cart.bench')).run(),
  images: async () => (await import('./images.bench')).run(),
  peer: async () => (await import('./peer.bench')).run(),
  sink: async () => (await import('./sink.bench')).run(),
};

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const names = wanted.length > 0 ? wanted : Object.keys(benches);
for (const name of names) {
  const bench = benches[name];
  if (!bench) {
    console.error(`Unknown benchmark "${name}". Known: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name}`);
  await bench();
}
process.exit(0);

export {};
