// fast-check arbitraries of the fuzz suite: values shaped by a zod request schema (mostly plausible,
// so that many reach the handlers and the database, with hostile leaves mixed in), and hostile
// strings, numbers, path ids and raw bodies of no shape at all.
import fc from 'fast-check';
import type { z } from 'zod';

/** Strings that once reached Postgres or a parser unchecked, or may. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u0001\u001f\u007f',
  '',
  ' ',
  '-',
  '_x',
  '-1',
  '../../etc/passwd',
  '%00',
  "'; drop table users; --",
  '\u202eevil',
  '😀',
  'x'.repeat(2001),
  'x'.repeat(20_000),
  '1e309',
  'NaN',
  'null',
  '__proto__',
  '{"$gt":""}',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e21,
  1e300,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** Values of a type no field expects: arrays for objects, objects for strings... */
const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [[]], [{}], { a: { b: {} } }, ['\u0000']),
  fc.jsonValue({ maxDepth: 2 }),
);

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  // A plausible word with one hostile character inside.
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0007'))
      .map(([word, bad]) => `${word}${bad}${word}`),
  },
);

const hostileNumber = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.double({ noNaN: true }), fc.integer());

/** Plausible values of a field by its name: what a real form would send. */
export type Dictionary = Record<string, fc.Arbitrary<unknown>>;

// zod 4 keeps each schema's definition on `_zod.def`; only what the walk needs is typed here.
interface Def {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A plausible leaf of the schema's own type, when the dictionary does not know the field. */
function plausibleLeaf(def: Def, name: string): fc.Arbitrary<unknown> | undefined {
  switch (def.type) {
    case 'string':
      if (def.format === 'email') return fc.constant(`fuzz-${name}@example.com`);
      if (def.format === 'url') return fc.constant('http://127.0.0.1:9/hook');
      if (def.format === 'datetime') return fc.constant(new Date(0).toISOString());
      return fc.string({ minLength: 1, maxLength: 12 });
    case 'number':
      return fc.integer({ min: 0, max: 5 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return undefined;
  }
}

/**
 * Values shaped by `schema`: at every leaf a plausible value (from the dictionary by field name,
 * else of the leaf's type); unless `plausibleOnly`, sometimes a hostile string or number, or a
 * wrong type, instead.
 */
export function shapedBy(
  schema: z.ZodType,
  dictionary: Dictionary,
  plausibleOnly = false,
  name = '',
): fc.Arbitrary<unknown> {
  const inner = (child: z.ZodType, key = name) => shapedBy(child, dictionary, plausibleOnly, key);
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const fields = Object.entries(def.shape!).map(
        ([key, field]) => [key, fc.option(inner(field, key), { freq: 6, nil: undefined })] as const,
      );
      return fc.record(Object.fromEntries(fields));
    }
    case 'array':
      return fc.array(inner(def.element!), { minLength: 1, maxLength: 3 });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
      return inner(def.innerType!);
    case 'pipe':
      // z.preprocess is a pipe from a transform: its output schema says what is wanted.
      return inner(defOf(def.in!).type === 'transform' ? def.out! : def.in!);
    case 'union':
      return fc.oneof(...def.options!.map((option) => inner(option)));
    case 'intersection':
      return inner(def.left!);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  }
  const plausible = dictionary[name] ?? plausibleLeaf(def, name) ?? fc.jsonValue({ maxDepth: 1 });
  if (plausibleOnly) return plausible;
  return fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 2, arbitrary: def.type === 'number' ? hostileNumber : hostileString },
    { weight: 1, arbitrary: wrongTypes },
  );
}

/** A hostile value for one leaf: mostly a hostile string, else a hostile number or a wrong type. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: hostileNumber },
  { weight: 1, arbitrary: wrongTypes },
);

/** `value` with its `index`-th leaf (modulo the number of leaves) replaced by `replacement`. */
export function withLeafReplaced(value: unknown, index: number, replacement: unknown): unknown {
  const leaves: Array<{ holder: Record<string, unknown>; key: string }> = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (child && typeof child === 'object') walk(child);
      else if (child !== undefined) leaves.push({ holder: node as Record<string, unknown>, key });
    }
  };
  const copy = structuredClone(value);
  walk(copy);
  if (leaves.length === 0) return copy;
  const leaf = leaves[index % leaves.length]!;
  leaf.holder[leaf.key] = replacement;
  return copy;
}

/**
 * Mostly a plausible value with exactly one hostile leaf (so the hostile value gets past every
 * other check and travels as far as it can), else hostile values at any leaves.
 */
export function oneHostileLeaf(schema: z.ZodType, dictionary: Dictionary): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(shapedBy(schema, dictionary, true), fc.nat(), hostileLeaf)
        .map(([value, index, hostile]) => withLeafReplaced(value, index, hostile)),
    },
    { weight: 1, arbitrary: shapedBy(schema, dictionary, true) },
    { weight: 1, arbitrary: shapedBy(schema, dictionary) },
  );
}

/** Query string values: what a schema-shaped value looks like once written into a URL. */
export function queryFrom(value: unknown): string {
  const params = new URLSearchParams();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined) continue;
      // An array becomes a repeated key (?page=1&page=2), which Koa hands over as an array.
      for (const item of Array.isArray(field) ? field : [field]) {
        params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
    }
  }
  return params.toString();
}

/** encodeURIComponent, except that a lone surrogate is sent as its WTF-8 bytes instead of throwing. */
export function encodeSegment(value: string): string {
  let encoded = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const high = code >= 0xd800 && code <= 0xdbff;
    const next = value.charCodeAt(i + 1);
    if (high && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(value[i]!);
    }
  }
  return encoded;
}

/** Path ids as sent on the wire: plausible ones, hostile ones (percent-encoded), and raw malformed escapes. */
export function pathIds(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.uuid() },
    ...(known.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 4, arbitrary: hostileString.filter((id) => id !== '').map(encodeSegment) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '-abc',
        '_abc',
        '-',
        '%2Dx',
        '%00',
        '%ff',
        '%ED%A0%80',
        '%C0%80',
        '%E0%A4%A',
        '%',
        '..',
        '%2e%2e',
        'a%2Fb',
        'x'.repeat(5000),
        '0',
        '1e999',
      ),
    },
  );
}

/** Raw bodies of no particular shape: broken JSON, JSON of the wrong kind, deep nesting, huge numbers. */
export const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"quantity":1e400}',
  '{"quantity":-1e400,"pointsToRedeem":1e400}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  '\ufeff{"email":"a@b.co"}',
  '{"email":"a@b.co","email":{"x":1}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  `{"a":"${'x'.repeat(1024 * 1024)}"}`,
];

export const rawBody = fc.oneof(
  fc.constantFrom(...RAW_BODIES),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ unit: 'binary', maxLength: 50 }),
);

/** Content types a hostile (or cross-site) caller may declare. */
export const hostileContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  'application/vnd.api+json',
  'application/octet-stream',
);
