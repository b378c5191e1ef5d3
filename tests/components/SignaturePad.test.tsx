/**
 * The signature pad's canvas takes the pad's shape as laid out (issue 29): the desktop's 3 : 1 pad keeps its
 * 480 × 160 pixels, a phone's (the screen's width, about 200 px tall) gets taller pixels so a stroke lands
 * where the finger is, unstretched; a pad not laid out (a test's DOM) is the desktop's.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { padPixelHeight, SignaturePad } from '../../src/features/contracts/components/SignaturePad';

describe('padPixelHeight', () => {
  it("keeps the desktop's 480 × 160 for a 3 : 1 pad, at any size", () => {
    expect(padPixelHeight({ width: 480, height: 160 })).toBe(160);
    expect(padPixelHeight({ width: 320, height: 107 })).toBe(160);
  });

  it("follows a phone's taller pad: 338 × 200 px is 480 × 284", () => {
    expect(padPixelHeight({ width: 338, height: 200 })).toBe(284);
  });

  it('never goes under 160 pixels, and is 160 for a pad not laid out', () => {
    expect(padPixelHeight({ width: 600, height: 100 })).toBe(160);
    expect(padPixelHeight({ width: 0, height: 0 })).toBe(160);
  });
});

describe('SignaturePad', () => {
  it('draws on a 480 × 160 canvas where nothing is laid out, with nothing to sign with yet', () => {
    const onChange = vi.fn();
    render(<SignaturePad defaultName="王立军" onChange={onChange} />);
    const pad = screen.getByLabelText<HTMLCanvasElement>('手写签名区');
    expect([pad.width, pad.height]).toEqual([480, 160]);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
