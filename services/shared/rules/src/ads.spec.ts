import { describe, expect, it } from 'vitest';
import { ADS, AD_FORM_MESSAGES, dailyBudgets, displaysCostCents, eurosToCents, makeCampaignInputSchema } from './ads';

describe('advertisement rules', () => {
  it('splits every budget into daily shares that add up to it exactly, none differing by more than a cent', () => {
    for (let total = ADS.budgetMinCents; total <= 3_000; total += 7)
      for (let days = 1; days <= ADS.daysMax; days++) {
        const shares = dailyBudgets(total, days);
        expect(shares).toHaveLength(days);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }
  });

  it('prices displays per thousand, rounded half up to the cent', () => {
    expect(displaysCostCents(0, 500)).toBe(0);
    expect(displaysCostCents(1, 500)).toBe(1); // 0,5 c → 1 c
    expect(displaysCostCents(3, 500)).toBe(2); // 1,5 c → 2 c
    expect(displaysCostCents(1_000, 500)).toBe(500);
    expect(displaysCostCents(999, 1)).toBe(1);
    expect(displaysCostCents(499, 1)).toBe(0);
  });

  it('reads French amounts in euros, refusing anything else', () => {
    expect(eurosToCents('12,50')).toBe(1250);
    expect(eurosToCents(' 7 € ')).toBe(700);
    expect(eurosToCents('0.05')).toBe(5);
    expect(eurosToCents('1 000')).toBe(100_000);
    for (const bad of ['', '12,505', '-3', 'abc', '1,2,3']) expect(eurosToCents(bad)).toBeNaN();
  });

  it('validates a campaign with French messages: bounds, whole days, at least 1 € a day', () => {
    const schema = makeCampaignInputSchema();
    expect(schema.safeParse({ meal_id: 'm', budget_cents: 500, days: 5 }).success).toBe(true);
    const message = (input: object) => schema.safeParse({ meal_id: 'm', ...input }).error?.issues[0]?.message;
    expect(message({ budget_cents: 499, days: 1 })).toBe(AD_FORM_MESSAGES.budgetMin);
    expect(message({ budget_cents: 100_001, days: 1 })).toBe(AD_FORM_MESSAGES.budgetMax);
    expect(message({ budget_cents: 500, days: 31 })).toBe(AD_FORM_MESSAGES.daysInvalid);
    expect(message({ budget_cents: 500, days: 1.5 })).toBe(AD_FORM_MESSAGES.daysInvalid);
    expect(message({ budget_cents: 500, days: 6 })).toBe(AD_FORM_MESSAGES.dailyTooLow);
  });
});
