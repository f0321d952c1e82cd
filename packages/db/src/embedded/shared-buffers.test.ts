import { describe, expect, it } from 'vitest';
import { sharedBuffersMb } from './embedded-postgres';

describe('embedded shared_buffers', () => {
  it('takes an eighth of memory between 128 MB and 512 MB', () => {
    const gib = 1024 ** 3;
    expect(sharedBuffersMb(0.5 * gib)).toBe(128);
    expect(sharedBuffersMb(2 * gib)).toBe(256);
    expect(sharedBuffersMb(24 * gib)).toBe(512);
  });
});
