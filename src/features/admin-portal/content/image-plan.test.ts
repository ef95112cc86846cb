import { describe, expect, it } from 'vitest';
import { BUCKET_LIMIT_BYTES, checkEncodedSize, planImage } from './image-plan';

const MB = 1024 * 1024;

describe('planImage', () => {
  it('resizes a large phone photo to 1600 px wide, keeping its proportions', () => {
    expect(planImage({ type: 'image/jpeg', size: 6 * MB }, { width: 4032, height: 3024 })).toEqual({
      action: 'resize',
      width: 1600,
      height: 1200,
    });
  });

  it('re-encodes a heavy file even when it is narrow enough, never enlarging it', () => {
    expect(planImage({ type: 'image/png', size: 2 * MB }, { width: 1200, height: 800 })).toEqual({
      action: 'resize',
      width: 1200,
      height: 800,
    });
  });

  it('keeps a small image of a stored type as it is', () => {
    expect(planImage({ type: 'image/webp', size: 200 * 1024 }, { width: 1200, height: 630 })).toEqual({
      action: 'keep',
      width: 1200,
      height: 630,
    });
  });

  it('converts a GIF (the bucket refuses it) and refuses what is not an image', () => {
    expect(planImage({ type: 'image/gif', size: 1000 }, { width: 10, height: 10 }).action).toBe('resize');
    for (const type of ['application/pdf', 'image/svg+xml', 'text/html', '']) {
      const plan = planImage({ type, size: 1000 }, { width: 10, height: 10 });
      expect(plan.action).toBe('refuse');
    }
  });

  it('refuses a file still above the bucket limit once encoded', () => {
    expect(checkEncodedSize(BUCKET_LIMIT_BYTES)).toBeNull();
    expect(checkEncodedSize(BUCKET_LIMIT_BYTES + 1)).toMatch(/limit is 5 MB/);
  });
});
