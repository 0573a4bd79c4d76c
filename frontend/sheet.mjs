import sharp from 'sharp';
const files = process.argv.slice(3);
const out = process.argv[2];
const tiles = await Promise.all(files.map(f => sharp(f).resize({height: 500}).png().toBuffer({resolveWithObject: true})));
let x = 0; const comps = [];
for (const t of tiles) { comps.push({input: t.data, left: x, top: 0}); x += t.info.width + 10; }
await sharp({create: {width: x, height: 500, channels: 3, background: '#888'}}).composite(comps).png().toFile(out);
