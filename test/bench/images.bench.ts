// `npm run bench -- images`: upload of a 12-megapixel JPEG (EXIF orientation 6, photo-like size)
// through POST /api/images/single (multipart parse, sniff, hash, orient, store, preview, event)
// against sharp's own resize of the same file to the same preview, in the same run.
//   images-upload: median ms per upload; baseline = median ms of sharp's resize; ratio = upload /
//                  sharp (goal <= 2).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { connect } from 'nats';
import { silentLogger } from '@printshop/shared-events/logger';
import { namespaceStream } from '@printshop/infra/bus/namespaced-bus';
import { loadConfig } from '@printshop/infra/config';
import { startPrintShop } from '@printshop/infra/startup/start-printshop';
import { createDatabaseOn } from '../support/database';
import { findOrStartNats, findOrStartPostgres } from '../support/services';
import { round, writeResult } from './results';

const ROUNDS = Number(process.env.BENCH_IMAGE_ROUNDS ?? 15);
const WARMUP = 3;
const WIDTH = 4000;
const HEIGHT = 3000;
/** The preview the upload makes (command-service/src/images/decode.ts PREVIEW_BOX). */
const PREVIEW_BOX = 512;

/** A 4000 x 3000 photo-like JPEG: a drawn scene with fine grain, so it weighs what a phone photo does. */
async function twelveMegapixelPhoto(): Promise<Buffer> {
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
      '<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#6ad"/><stop offset="1" stop-color="#fda"/></linearGradient></defs>' +
      '<rect width="100%" height="100%" fill="url(#sky)"/><circle cx="2800" cy="900" r="420" fill="#fe8"/>' +
      '<path d="M0 2200 L900 1400 L1700 2100 L2600 1300 L4000 2300 V3000 H0 Z" fill="#364"/></svg>',
  );
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 10 },
    },
  })
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function multipart(bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----printshop-${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="IMG_0001.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await task();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export async function run() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'printshop-bench-images-'));
  const postgres = await findOrStartPostgres(scratch);
  const nats = await findOrStartNats(scratch);
  const database = await createDatabaseOn(postgres.url, 'bench_images');
  const namespace = `b${randomBytes(5).toString('hex')}`;
  // The gateway alone: no projections or reactors competing for the two cores.
  const config = loadConfig({
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    DATA_DIR: path.join(scratch, 'data'),
    PORT: '0',
    HOST: '127.0.0.1',
    ROLE: 'gateway',
    BUS_NAMESPACE: namespace,
  });
  const shop = await startPrintShop({ config, logger: silentLogger });
  try {
    const photo = await twelveMegapixelPhoto();
    const file = path.join(scratch, 'photo.jpg');
    writeFileSync(file, photo);
    const meta = await sharp(file).metadata();
    console.log(
      `photo: ${meta.width} x ${meta.height}, orientation ${meta.orientation}, ${round(photo.length / 1048576)} MiB`,
    );
    const { body, contentType } = multipart(photo);
    const url = `http://127.0.0.1:${shop.port}/api/images/single`;

    const upload = async () => {
      const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': contentType } });
      const answer = (await response.json()) as { image?: { width: number; height: number } };
      if (response.status !== 201 || answer.image?.width !== HEIGHT)
        throw new Error(`upload failed: ${response.status} ${JSON.stringify(answer)}`);
    };
    // Sharp's own work for the same preview: decode (shrink-on-load), orient, resize, encode.
    const resize = () =>
      sharp(file)
        .rotate()
        .resize(PREVIEW_BOX, PREVIEW_BOX, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 })
        .toBuffer();

    for (let i = 0; i < WARMUP; i++) {
      await upload();
      await resize();
    }
    const uploads: number[] = [];
    const resizes: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      uploads.push(await timed(upload));
      resizes.push(await timed(resize));
    }
    const uploadMs = median(uploads);
    const sharpMs = median(resizes);
    writeResult({
      name: 'images-upload',
      unit: 'ms',
      value: uploadMs,
      baseline: sharpMs,
      ratio: uploadMs / sharpMs,
      details: {
        rounds: ROUNDS,
        megapixels: (WIDTH * HEIGHT) / 1e6,
        bytes: photo.length,
        previewBox: PREVIEW_BOX,
        uploadMinMs: round(Math.min(...uploads)),
        sharpMinMs: round(Math.min(...resizes)),
        cores: os.cpus().length,
        goal: 'ratio <= 2',
      },
    });
  } finally {
    await shop.stop();
    const nc = await connect({ servers: nats.url });
    await (
      await nc.jetstreamManager()
    ).streams
      .delete(namespaceStream(namespace).streamName)
      .catch(() => false);
    await nc.close();
    await database.drop();
    await nats.stop();
    await postgres.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
