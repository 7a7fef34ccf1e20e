import { describe, expect, it } from 'vitest';
import { splitTotal, vatOf } from '../../src/server/domains/commerce/billing/amounts.ts';
import { planChangeTiming } from '../../src/shared/plan-changes.ts';

describe('when a change of plan takes effect', () => {
  it('a bigger plan, or annual billing of the same plan, now; a smaller plan or monthly billing at the period end', () => {
    expect(planChangeTiming({ plan: 'starter', period: 'monthly' }, { plan: 'professional', period: 'monthly' })).toBe('now');
    expect(planChangeTiming({ plan: 'starter', period: 'annual' }, { plan: 'enterprise', period: 'monthly' })).toBe('now');
    expect(planChangeTiming({ plan: 'professional', period: 'monthly' }, { plan: 'professional', period: 'annual' })).toBe('now');
    expect(planChangeTiming({ plan: 'enterprise', period: 'monthly' }, { plan: 'starter', period: 'annual' })).toBe('period-end');
    expect(planChangeTiming({ plan: 'professional', period: 'annual' }, { plan: 'professional', period: 'monthly' })).toBe('period-end');
  });
});

describe('a total with moms split into the amount without it and the moms', () => {
  it('gives back the subtotal whose moms makes the total, whenever there is one', () => {
    for (let subtotal = 0; subtotal < 5000; subtotal += 1) {
      const total = subtotal + vatOf(subtotal);
      expect(splitTotal(total)).toEqual({ subtotal, vat: vatOf(subtotal), total });
    }
  });

  it('otherwise the parts still add up to what was paid, the moms within an øre of 25 %', () => {
    for (let total = 1; total < 5000; total += 1) {
      const { subtotal, vat } = splitTotal(total);
      expect(subtotal + vat).toBe(total);
      expect(Math.abs(vat - vatOf(subtotal))).toBeLessThanOrEqual(1);
    }
  });
});
