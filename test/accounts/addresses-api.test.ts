// The address book over HTTP (API.md "Auth and account"): create, list, get, update, delete and the
// default rules; the country profiles' messages per field; owners only (anyone else: 404); no token: 401.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressResponseSchema,
  addressesResponseSchema,
  type AddressDto,
} from '@printshop/shared-events/api/account';
import { startTestApp, type TestApp } from '@printshop/test/support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'addresses_api' });
});
afterAll(async () => {
  await app?.stop();
});

/** What the tests read of an answer (each test checks the shape it expects). */
interface Answer {
  success?: boolean;
  code?: string;
  errors?: Record<string, string>;
  token?: string;
  address?: AddressDto;
}

/** Highest X-Event-Position seen per token, sent back as X-Min-Position (read-your-writes). */
const seen = new Map<string, number>();

async function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
    const min = seen.get(options.token);
    if (min) headers['x-min-position'] = String(min);
  }
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const position = Number(response.headers.get('x-event-position'));
  if (options.token && position) seen.set(options.token, Math.max(position, seen.get(options.token) ?? 0));
  return { status: response.status, body: (await response.json()) as Answer };
}

async function signUp(firstName: string): Promise<string> {
  const { status, body } = await call('POST', '/api/auth/register', {
    body: {
      email: `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`,
      password: 'Str0ngPassword',
      firstName,
      lastName: 'Tester',
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.token as string;
}

const us = {
  fullName: 'Ada Lovelace',
  phone: '+1 201 555 0123',
  line1: '12 Example Street',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};
const gb = {
  fullName: 'Ada Lovelace',
  phone: '+44 20 7946 0958',
  line1: '1 Work Lane',
  line2: 'Floor 3',
  city: 'London',
  postalCode: 'SW1A 1AA',
  country: 'GB',
};

const list = async (token: string) => {
  const { status, body } = await call('GET', '/api/addresses', { token });
  expect(status).toBe(200);
  return addressesResponseSchema.parse(body).addresses;
};

describe('address book', () => {
  it('given a new user, when addresses are added, then the first is the default and lists come default first', async () => {
    const token = await signUp('Ada');
    expect(await list(token)).toEqual([]);

    const first = await call('POST', '/api/addresses', { token, body: us });
    expect(first.status).toBe(201);
    const home = addressResponseSchema.parse(first.body).address;
    expect(home).toEqual({ id: expect.any(String), ...us, isDefault: true });

    const second = await call('POST', '/api/addresses', { token, body: gb });
    expect(second.status).toBe(201);
    const work = addressResponseSchema.parse(second.body).address;
    expect(work).toMatchObject({ ...gb, isDefault: false });

    expect((await list(token)).map((a) => [a.id, a.isDefault])).toEqual([
      [home.id, true],
      [work.id, false],
    ]);
    const got = await call('GET', `/api/addresses/${work.id}`, { token });
    expect(got.status).toBe(200);
    expect(addressResponseSchema.parse(got.body).address).toEqual(work);
  });

  it('given addresses, when the default is moved, one is replaced and the default removed, then one default remains', async () => {
    const token = await signUp('Bob');
    const ids: string[] = [];
    for (const line1 of ['1 One St', '2 Two St', '3 Three St']) {
      ids.push((await call('POST', '/api/addresses', { token, body: { ...us, line1 } })).body.address!.id);
    }
    const [a, b, c] = ids as [string, string, string];

    // when b becomes the default
    expect(await call('PUT', `/api/addresses/${b}/default`, { token })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await list(token)).map((x) => [x.id, x.isDefault])).toEqual([
      [b, true],
      [a, false],
      [c, false],
    ]);

    // when a is replaced: the omitted optional fields are cleared, it is not the default
    const { state: _state, ...sg } = {
      ...us,
      country: 'SG',
      city: '',
      postalCode: '018956',
      phone: '+65 6123 4567',
    };
    const replaced = await call('PUT', `/api/addresses/${a}`, { token, body: { ...sg, id: 'ignored' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ success: true, address: { id: a, ...sg, isDefault: false } });
    expect((await call('GET', `/api/addresses/${a}`, { token })).body.address).toEqual({
      id: a,
      ...sg,
      isDefault: false,
    });

    // when the default b is removed: the most recently added one left (c) becomes the default
    expect(await call('DELETE', `/api/addresses/${b}`, { token })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await list(token)).map((x) => [x.id, x.isDefault])).toEqual([
      [c, true],
      [a, false],
    ]);
    expect((await call('GET', `/api/addresses/${b}`, { token })).status).toBe(404);

    // when an update asks for the default, it moves there
    await call('PUT', `/api/addresses/${a}`, { token, body: { ...sg, isDefault: true } });
    expect((await list(token)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([a]);
  });

  it('given an unknown id, then GET, PUT, DELETE and default answer 404', async () => {
    const token = await signUp('Cy');
    const id = randomUUID();
    for (const [method, path, body] of [
      ['GET', `/api/addresses/${id}`, undefined],
      ['PUT', `/api/addresses/${id}`, us],
      ['DELETE', `/api/addresses/${id}`, undefined],
      ['PUT', `/api/addresses/${id}/default`, undefined],
    ] as const) {
      const answer = await call(method, path, { token, body });
      expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
  });
});

describe('validation per field (country profiles)', () => {
  let token: string;
  beforeAll(async () => {
    token = await signUp('Val');
  });

  const rejected = async (body: unknown) => {
    const answer = await call('POST', '/api/addresses', { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    return answer.body.errors;
  };

  it.each([
    ['a bad US ZIP', { ...us, postalCode: '1234' }, { postalCode: 'Please enter a valid ZIP Code' }],
    ['a bad GB postcode', { ...gb, postalCode: '12345' }, { postalCode: 'Please enter a valid Postcode' }],
    ['a missing city', { ...us, city: undefined }, { city: 'City is required' }],
    ['a blank city', { ...us, city: '   ' }, { city: 'City is required' }],
    ['a missing US state', { ...us, state: undefined }, { state: 'State is required' }],
    ['an unknown US state', { ...us, state: 'Atlantis' }, { state: 'Please select a valid State' }],
    [
      'a missing Canadian province',
      { ...us, country: 'CA', state: undefined, postalCode: 'K1A 0B1', phone: '+1 613 555 0123' },
      { state: 'Province is required' },
    ],
    ['a missing US ZIP', { ...us, postalCode: undefined }, { postalCode: 'ZIP Code is required' }],
    [
      'a missing name, phone and line 1',
      { ...us, fullName: '', phone: undefined, line1: ' ' },
      {
        fullName: 'Full name is required',
        phone: 'Phone number is required',
        line1: 'Address line 1 is required',
      },
    ],
    ['a bad phone', { ...us, phone: '12' }, { phone: 'Please enter a valid phone number' }],
    [
      'a name and city without a letter, a line 1 without a letter or number',
      { ...us, fullName: '😀😀😀', line1: '🏠 #', city: '🏙️' },
      {
        fullName: 'Full name must contain at least one letter',
        line1: 'Address line 1 must contain a letter or a number',
        city: 'City must contain at least one letter',
      },
    ],
    ['no country', { ...us, country: undefined }, { country: 'Please select a country' }],
  ])('given %s, then 400 with its message on its field', async (_why, body, errors) => {
    expect(await rejected(body)).toEqual(errors);
  });

  it('given a Singapore address without a city, then it is accepted', async () => {
    const sg = {
      fullName: 'Tan Wei',
      phone: '+65 6123 4567',
      line1: '1 Raffles Place',
      postalCode: '048616',
      country: 'SG',
    };
    const answer = await call('POST', '/api/addresses', { token, body: sg });
    expect(answer.status).toBe(201);
    expect(answer.body.address).toMatchObject({ ...sg, city: '' });
  });

  it('given a Japanese postal code typed without its hyphen, then it is accepted and stored as 150-0001', async () => {
    const jp = {
      fullName: '山田太郎',
      phone: '090-1234-5678',
      line1: '神宮前1-2-3',
      city: '渋谷区',
      state: '東京都',
      postalCode: '1500001',
      country: 'JP',
    };
    const answer = await call('POST', '/api/addresses', { token, body: jp });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.address?.postalCode).toBe('150-0001');
    const stored = (await list(token)).find((address) => address.id === answer.body.address?.id);
    expect(stored?.postalCode).toBe('150-0001');
  });

  it('given a bad body on an update, then 400 and the address is unchanged', async () => {
    const created = (await call('POST', '/api/addresses', { token, body: us })).body.address!;
    const answer = await call('PUT', `/api/addresses/${created.id}`, {
      token,
      body: { ...us, postalCode: 'ABCDE' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ postalCode: 'Please enter a valid ZIP Code' });
    expect((await call('GET', `/api/addresses/${created.id}`, { token })).body.address).toEqual(created);
  });
});

describe('who may see and change an address', () => {
  it("given another user's address, then GET, PUT, DELETE and default answer 404 and it is unchanged", async () => {
    const owner = await signUp('Owner');
    const other = await signUp('Other');
    const address = (await call('POST', '/api/addresses', { token: owner, body: us })).body.address!;
    await call('POST', '/api/addresses', { token: other, body: gb });

    for (const [method, path, body] of [
      ['GET', `/api/addresses/${address.id}`, undefined],
      ['PUT', `/api/addresses/${address.id}`, gb],
      ['DELETE', `/api/addresses/${address.id}`, undefined],
      ['PUT', `/api/addresses/${address.id}/default`, undefined],
    ] as const) {
      const answer = await call(method, path, { token: other, body });
      expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    expect((await list(other)).map((a) => a.line1)).toEqual([gb.line1]);
    expect(await list(owner)).toEqual([address]);
  });

  it('given no token, then every address call answers 401', async () => {
    const id = randomUUID();
    for (const [method, path, body] of [
      ['GET', '/api/addresses', undefined],
      ['GET', `/api/addresses/${id}`, undefined],
      ['POST', '/api/addresses', us],
      ['PUT', `/api/addresses/${id}`, us],
      ['DELETE', `/api/addresses/${id}`, undefined],
      ['PUT', `/api/addresses/${id}/default`, undefined],
    ] as const) {
      const answer = await call(method, path, { body });
      expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 401, 'UNAUTHORIZED']);
    }
  });
});
