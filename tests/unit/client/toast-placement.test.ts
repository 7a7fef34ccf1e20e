import { describe, expect, it } from 'vitest';
import { NEXT_FIELD_PX, placementFor, TOAST_ZONE_PX } from '@/components/ui/toast-placement';

describe('toast placement (a toast does not cover the field being filled)', () => {
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1280, height: 720 };
  const field = (top: number, height = 44, left = 16, right = 374) => ({ top, bottom: top + height, left, right });
  const lastClearTop = phone.height - TOAST_ZONE_PX - NEXT_FIELD_PX - 44;

  it('uses the bottom edge when nothing is being filled', () => {
    expect(placementFor(null, phone)).toBe('bottom');
  });

  it('uses the bottom edge while the field and the one after it are clear of it', () => {
    expect(placementFor(field(120), phone)).toBe('bottom');
    expect(placementFor(field(lastClearTop), phone)).toBe('bottom');
  });

  it('moves to the top when the bottom would cover the field or the next one', () => {
    expect(placementFor(field(lastClearTop + 1), phone)).toBe('top');
    expect(placementFor(field(500), phone)).toBe('top');
    expect(placementFor(field(780), phone)).toBe('top');
  });

  it('on a wide screen only minds fields under its column at the right', () => {
    expect(placementFor(field(600, 44, 100, 500), desktop)).toBe('bottom');
    expect(placementFor(field(600, 44, 700, 1100), desktop)).toBe('top');
  });
});
