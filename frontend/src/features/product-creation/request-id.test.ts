import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe("an add's event_id", () => {
  it('given parts that fit, then it is the parts joined, the same each time', () => {
    expect(requestIdOf('add', 'item-1', 2, uuid(1))).toBe(`add:item-1:2:${uuid(1)}`);
  });

  it('given a strip of six frames (over 200 characters joined), then it fits and is the same for the same frames', () => {
    const frames = [1, 2, 3, 4, 5, 6].map(uuid);
    expect(['strip', ...frames].join(':').length).toBeGreaterThan(200);
    const id = requestIdOf('strip', ...frames);
    expect(id.length).toBeLessThanOrEqual(200);
    expect(id.startsWith('strip:6:')).toBe(true);
    expect(requestIdOf('strip', ...frames)).toBe(id);
  });

  it('given strips that differ in one frame or in order, then their ids differ', () => {
    const frames = [1, 2, 3, 4, 5, 6].map(uuid);
    const id = requestIdOf('strip', ...frames);
    expect(requestIdOf('strip', ...frames.slice(0, 5), uuid(7))).not.toBe(id);
    expect(requestIdOf('strip', ...[...frames].reverse())).not.toBe(id);
  });
});
