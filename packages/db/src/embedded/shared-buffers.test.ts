import { describe, expect, it } from 'vitest';
import { sharedBuffersMb, walSettings } from './embedded-postgres';

describe('embedded shared_buffers', () => {
  it('takes an eighth of memory between 128 MB and 512 MB', () => {
    const gib = 1024 ** 3;
    expect(sharedBuffersMb(0.5 * gib)).toBe(128);
    expect(sharedBuffersMb(2 * gib)).toBe(256);
    expect(sharedBuffersMb(24 * gib)).toBe(512);
  });
});

describe('embedded write-ahead log settings', () => {
  const mb = 1024 * 1024;
  it('keep two WAL files of recycled space and checkpoint every 32 MB on new 1 MB-file clusters', () => {
    expect(walSettings(1 * mb)).toEqual([
      'wal_level=minimal',
      'max_wal_senders=0',
      'wal_compression=on',
      'min_wal_size=2MB',
      'max_wal_size=256MB',
      'checkpoint_timeout=5min',
      'wal_recycle=off',
    ]);
  });
  it('stay valid on clusters made with 16 MB WAL files (PostgreSQL needs at least two)', () => {
    expect(walSettings(16 * mb)).toContain('min_wal_size=32MB');
    expect(walSettings(16 * mb)).toContain('max_wal_size=256MB');
  });
});
