// Reads a multipart request with busboy, streaming each expected file to its own temp file while
// hashing it and keeping its first bytes for sniffing. Nothing holds a whole file in memory. A file
// over the limit is cut off (busboy discards the rest) and answered 413 once the request is read;
// a request far over every limit is cut short and the connection closed. Then each received file
// is prepared (prepareAndKeep, at the end of this file): judged, decoded and stored.
import type { IncomingMessage } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { PayloadTooLarge, UnsupportedMediaType, ValidationError } from '@printshop/shared-events/errors';
import { allImageKeys, imageKeys, type ImageStore } from '@printshop/shared-events/image-store';
import { sniffImageKind, UPLOAD_MESSAGES, type ImageKind } from '@printshop/shared-events/rules/uploads';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';
import { imageError, openImage, previewJpeg, servedJpeg, unreadable } from './decode';

/** Bytes kept from the start of each file: enough for every sniffed signature (HEIF's ftyp box). */
const HEAD_BYTES = 64;
/** Text fields (crop JSON, sku) are small. */
const MAX_FIELD_BYTES = 4096;
/**
 * Read past the files' limit before the connection is cut: a file a little too large is read to the
 * end and answered 413 naming it (a client gets no answer while it is still sending).
 */
const SLACK_BYTES = 16 * 1024 * 1024;

export interface ReceivedFile {
  field: string;
  /** As the client named it, cleaned for messages. */
  fileName: string;
  path: string;
  bytes: number;
  /** sha256, hex. */
  sha256: string;
  head: Buffer;
}

export interface ReceivedUpload {
  files: Map<string, ReceivedFile>;
  fields: Map<string, string>;
  /** Removes the temp files. */
  discard(): Promise<void>;
}

export interface ReceiveOptions {
  fileFields: readonly string[];
  maxFileBytes: number;
  tempDir: string;
}

/** A request far over the limits: answered at once; the connection should be closed behind it. */
export class RequestTooLarge extends PayloadTooLarge {
  readonly closeConnection = true;
}

const cleanName = (name: string | undefined, field: string): string =>
  (name ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200) || field;

export async function receiveUpload(req: IncomingMessage, options: ReceiveOptions): Promise<ReceivedUpload> {
  const expected = new Set(options.fileFields);
  // Files can be as large as allowed; what is beyond that (with room for the envelope) is abuse.
  const cap = options.fileFields.length * options.maxFileBytes + SLACK_BYTES;
  if (Number(req.headers['content-length'] ?? 0) > cap)
    throw new RequestTooLarge(IMAGE_MESSAGES.requestTooLarge);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: {
        fileSize: options.maxFileBytes,
        // One more than expected, so that a second file in a field is seen and named.
        files: options.fileFields.length + 1,
        fields: 20,
        fieldSize: MAX_FIELD_BYTES,
        parts: options.fileFields.length + 21,
        headerPairs: 20,
      },
    });
  } catch {
    throw new UnsupportedMediaType(IMAGE_MESSAGES.notMultipart);
  }
  await mkdir(options.tempDir, { recursive: true });

  const files = new Map<string, ReceivedFile>();
  const fields = new Map<string, string>();
  const tempPaths: string[] = [];
  const writes: Promise<void>[] = [];
  const seen = new Set<string>();
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
  };
  const discard = async () => {
    await Promise.allSettled(writes);
    await Promise.all(tempPaths.map((file) => rm(file, { force: true })));
  };

  parser.on('file', (field, stream, info) => {
    const fileName = cleanName(info.filename, field);
    if (!expected.has(field)) {
      fail(new ValidationError(IMAGE_MESSAGES.unexpectedFile, { [field]: IMAGE_MESSAGES.unexpectedFile }));
    } else if (seen.has(field)) {
      fail(new ValidationError(IMAGE_MESSAGES.oneFileOnly, { [field]: IMAGE_MESSAGES.oneFileOnly }));
    }
    seen.add(field);
    if (failure) {
      stream.resume();
      return;
    }
    const file = path.join(options.tempDir, `upload-${randomUUID()}`);
    tempPaths.push(file);
    const hash = createHash('sha256');
    const headChunks: Buffer[] = [];
    let bytes = 0;
    let headBytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        if (headBytes < HEAD_BYTES) {
          headChunks.push(chunk.subarray(0, HEAD_BYTES - headBytes));
          headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
        }
        done(null, chunk);
      },
    });
    // Busboy drops the rest of a file over the limit, but ends its stream only where the part ends.
    stream.once('limit', () => fail(new PayloadTooLarge(UPLOAD_MESSAGES.fileTooLarge(fileName))));
    writes.push(
      pipeline(stream, meter, createWriteStream(file, { flags: 'wx', mode: 0o600 })).then(() => {
        if (stream.truncated) return;
        files.set(field, {
          field,
          fileName,
          path: file,
          bytes,
          sha256: hash.digest('hex'),
          head: Buffer.concat(headChunks),
        });
      }),
    );
  });
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated)
      fail(new ValidationError(IMAGE_MESSAGES.fieldTooLong, { [name]: IMAGE_MESSAGES.fieldTooLong }));
    else fields.set(name, value);
  });
  for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit']) {
    parser.on(limit, () => fail(new ValidationError(IMAGE_MESSAGES.tooManyParts)));
  }

  try {
    await new Promise<void>((resolve, reject) => {
      let received = 0;
      // Stop parsing: busboy ends the file being written with an error; what still arrives is read
      // and dropped (so the answer reaches the client), until Connection: close ends it when too large.
      const stop = (error: Error) => {
        req.off('data', onData);
        req.unpipe(parser);
        req.resume();
        parser.destroy();
        reject(error);
      };
      const onData = (chunk: Buffer) => {
        received += chunk.length;
        if (received > cap) {
          const named = failure instanceof PayloadTooLarge ? failure.message : IMAGE_MESSAGES.requestTooLarge;
          stop(new RequestTooLarge(named));
        }
      };
      req.on('data', onData);
      req.once('close', () => {
        if (!req.complete) stop(new Error('The client closed the upload before it was complete'));
      });
      parser.once('close', () => {
        req.off('data', onData);
        resolve();
      });
      // `on`, not `once`: destroying the parser may emit another error after the first.
      parser.on('error', () => stop(new ValidationError(IMAGE_MESSAGES.badMultipart)));
      req.pipe(parser);
    });
    await Promise.all(writes);
  } catch (error) {
    await discard();
    throw error;
  }
  if (failure) {
    await discard();
    throw failure;
  }
  return { files, fields, discard };
}

// One received file turned into what is kept: judged by content, decoded (which proves it whole),
// sized, its preview made, and stored.
export interface PreparedUpload {
  file: ReceivedFile;
  kind: ImageKind;
  /** Upright. */
  width: number;
  height: number;
  preview: Buffer;
  /** Made at once only for HEIC (already decoded here); other kinds get theirs on first request. */
  served?: Buffer;
}

// The last chunk of every PNG: length 0, 'IEND', its CRC.
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

/** A PNG ends with IEND; bytes after it are no image (a polyglot: script or archive riding along). */
async function endsWithPngEnd(file: ReceivedFile): Promise<boolean> {
  if (file.bytes < PNG_END.length) return false;
  const handle = await open(file.path, 'r');
  try {
    const tail = Buffer.alloc(PNG_END.length);
    await handle.read(tail, 0, tail.length, file.bytes - tail.length);
    return tail.equals(PNG_END);
  } finally {
    await handle.close();
  }
}

/** The checks that need no decoding: empty, kind by content, PNG end. */
async function judgeKind(file: ReceivedFile): Promise<ImageKind> {
  if (file.bytes === 0) throw unreadable(file.field, IMAGE_MESSAGES.emptyFile);
  const kind = sniffImageKind(file.head);
  if (!kind) throw new UnsupportedMediaType(UPLOAD_MESSAGES.unsupportedType);
  if (kind === 'png' && !(await endsWithPngEnd(file)))
    throw unreadable(file.field, IMAGE_MESSAGES.dataAfterImage);
  return kind;
}

async function decodeUpload(file: ReceivedFile, kind: ImageKind): Promise<PreparedUpload> {
  const { image, width, height } = await openImage(file.path, kind, file.field);
  try {
    // Making the preview decodes every pixel, so a truncated or damaged file fails here.
    const [preview, served] = await Promise.all([
      previewJpeg(image),
      kind === 'heic' ? servedJpeg(image) : undefined,
    ]);
    return { file, kind, width, height, preview, served };
  } catch (error) {
    throw imageError(error, file.field);
  }
}

/**
 * Judges and decodes the file and stores it under `imageId`: the original (private), the preview
 * and, when made, the served copy. The original is copied while the image is being decoded (the
 * copy costs no extra time); when the file is refused, nothing of it stays.
 */
export async function prepareAndKeep(
  file: ReceivedFile,
  imageId: string,
  images: ImageStore,
): Promise<PreparedUpload> {
  const kind = await judgeKind(file);
  const original = images.put(imageKeys.original(imageId), createReadStream(file.path));
  original.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled
  try {
    const prepared = await decodeUpload(file, kind);
    await original;
    await images.put(imageKeys.preview(imageId), prepared.preview);
    if (prepared.served) await images.put(imageKeys.served(imageId), prepared.served);
    return prepared;
  } catch (error) {
    await original.catch(() => undefined);
    await removeImageFiles(images, allImageKeys(imageId));
    throw error;
  }
}

export async function removeImageFiles(images: ImageStore, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => images.delete(key)));
}
