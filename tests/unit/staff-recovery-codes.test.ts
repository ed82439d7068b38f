// Recovery codes of staff (src/server/staff/recovery-codes.ts): a code is read the way it is typed from paper, and only
// its hash is kept.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, normalRecoveryCode } from '../../src/server/staff/recovery-codes.ts';

describe('recovery codes', () => {
  it('reads a code in lower case, with spaces or without dashes as the same code', () => {
    expect(normalRecoveryCode('ab2c-d3ef-gh4j')).toBe('AB2CD3EFGH4J');
    expect(normalRecoveryCode(' AB2C D3EF GH4J ')).toBe('AB2CD3EFGH4J');
    expect(hashRecoveryCode('ab2c d3ef-gh4j')).toBe(hashRecoveryCode('AB2C-D3EF-GH4J'));
  });

  it('keeps the SHA-256 of the code with its prefix, never the code', () => {
    const expected = createHash('sha256').update('staff-recovery:AB2CD3EFGH4J').digest('base64url');
    expect(hashRecoveryCode('AB2C-D3EF-GH4J')).toBe(expected);
    expect(hashRecoveryCode('AB2C-D3EF-GH4J')).not.toContain('AB2C');
  });
});
