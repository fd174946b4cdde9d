import { describe, expect, it } from 'vitest';
import { median, transparencyCsv } from './moderation.service';

describe('transparency report (DSA Art. 15/24)', () => {
  it('medians: none, odd, even, to a tenth', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(median([0.123, 0.456])).toBe(0.3);
  });

  it('writes every figure with its French label, semicolons, decimals with a comma', () => {
    const csv = transparencyCsv({
      year: 2026,
      notices: 3,
      notices_by_reason: [
        { key: 'food_safety', count: 2 },
        { key: 'other', count: 1 },
      ],
      notices_by_target: [{ key: 'meal', count: 3 }],
      notices_from_accounts: 1,
      decisions: 2,
      decisions_by_action: [
        { key: 'hide_meal', count: 1 },
        { key: 'no_action', count: 1 },
      ],
      median_hours_to_decide: 4.5,
      appeals: 1,
      appeals_reversed: 1,
      appeals_upheld: 0,
      appeals_open: 0,
      median_hours_to_decide_appeal: null,
      suspensions: 0,
      automated_decisions: 0,
    });
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Rubrique;Élément;Valeur');
    expect(lines).toContain('Signalements par motif;Sécurité alimentaire;2');
    expect(lines).toContain('Décisions par mesure;Plat retiré de la vente;1');
    expect(lines).toContain('Décisions;Délai médian (heures);4,5');
    expect(lines).toContain('Recours;Délai médian (heures);');
    expect(lines).toContain('Décisions;Par des moyens automatisés;0');
  });
});
