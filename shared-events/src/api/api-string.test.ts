// The one string rule of the request schemas: what it refuses, and that every request schema of the
// contract (each export named *BodySchema, *QuerySchema or *FieldsSchema) builds its strings with it.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as account from './account';
import * as admin from './admin';
import { apiString, CONTROL_CHARACTERS_MESSAGE, isCleanText } from './api-string';
import * as cart from './cart';
import * as catalog from './catalog';
import * as contact from './contact';
import * as images from './images';
import * as loyalty from './loyalty';
import * as orders from './orders';
import * as reviews from './reviews';
import * as tracking from './tracking';

const requestSchemas = Object.entries({
  ...account,
  ...admin,
  ...cart,
  ...catalog,
  ...contact,
  ...images,
  ...loyalty,
  ...orders,
  ...reviews,
  ...tracking,
}).filter(([name]) => /(Body|Query|Fields)Schema$/.test(name)) as Array<[string, z.ZodType]>;

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; fn?: unknown } } }>;
  [key: string]: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Paths of the string leaves of `schema` that do not carry the rule. */
function stringsWithoutRule(schema: unknown, path = ''): string[] {
  const def = defOf(schema);
  const children = (entries: Array<[string, unknown]>) =>
    entries.flatMap(([key, child]) => stringsWithoutRule(child, key ? `${path}.${key}` : path));
  switch (def.type) {
    case 'string':
      return def.checks?.some((check) => check._zod.def.fn === isCleanText) ? [] : [path || '(root)'];
    case 'object':
      return children(Object.entries(def.shape as Record<string, unknown>));
    case 'array':
      return children([['[]', def.element]]);
    case 'union':
      return children((def.options as unknown[]).map((option) => ['', option]));
    case 'pipe': {
      // A string checked on the way in (then piped into z.email(), z.url()...) is checked.
      const input = defOf(def.in).type;
      if (input === 'string') return stringsWithoutRule(def.in, path);
      return children([['', input === 'transform' ? def.out : def.in]]);
    }
    default:
      return 'innerType' in def ? children([['', def.innerType]]) : [];
  }
}

describe('the request string rule', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['a bell', 'ring\u0007'],
    ['DEL', '\u007f'],
    ['a lone high surrogate', 'x\ud800'],
    ['a lone low surrogate', '\udc00y'],
    ['surrogates in the wrong order', '\udc00\ud800'],
  ])('given %s, when parsed, then it is refused with the rule’s message', (_, value) => {
    const result = apiString().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it('given ordinary text with tabs, newlines, accents and emoji, when parsed, then it is accepted', () => {
    expect(apiString().parse('Grüße,\tline one\r\nline two 😀 日本')).toBe(
      'Grüße,\tline one\r\nline two 😀 日本',
    );
  });

  it('given every request schema of the contract, then each of its strings carries the rule', () => {
    expect(requestSchemas.length).toBeGreaterThan(30);
    const missing = requestSchemas.flatMap(([name, schema]) =>
      stringsWithoutRule(schema).map((field) => `${name}${field}`),
    );
    expect(missing).toEqual([]);
  });
});
