import { describe, expect, it } from 'vitest';
import { auditCsv, auditCsvFilename, csvCell, toCsv } from './audit-csv';
import { actionLabel, formatAuditTime, sortableParisTime, targetLabel } from './audit-labels';

describe('a CSV cell', () => {
  it('stays as it is when nothing in it needs quoting', () => {
    expect(csvCell('Connexion')).toBe('Connexion');
    expect(csvCell('lea@popote.test')).toBe('lea@popote.test');
    expect(csvCell('')).toBe('');
    expect(csvCell('Crème brûlée, 12 €')).toBe('Crème brûlée, 12 €');
  });

  it('is quoted, its quotes doubled, when it holds the separator, a quote or a line break', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('il a dit "non"')).toBe('"il a dit ""non"""');
    expect(csvCell('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvCell('ligne 1\r\nligne 2')).toBe('"ligne 1\r\nligne 2"');
    expect(csvCell('fin\r')).toBe('"fin\r"');
  });

  it('keeps spaces at either end by quoting them', () => {
    expect(csvCell(' espace')).toBe('" espace"');
    expect(csvCell('espace ')).toBe('"espace "');
  });

  it('never lets a spreadsheet run it as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+33 6 12')).toBe('"\'+33 6 12"');
    expect(csvCell('-1')).toBe('"\'-1"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('\tx')).toBe('"\'\tx"');
    // Not at the start: nothing to do.
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('CSV rows', () => {
  it('are cells joined by ; and rows ended by CRLF, the last one too', () => {
    expect(
      toCsv([
        ['a', 'b;c'],
        ['d', ''],
      ]),
    ).toBe('a;"b;c"\r\nd;\r\n');
    expect(toCsv([])).toBe('');
  });
});

describe('the audit log as CSV', () => {
  const entry = (over: Record<string, string | null> = {}) => ({
    __typename: 'AuditEntry' as const,
    entry_id: 'mj9x2a3b0-0a1b2c3d4e5f',
    at: '2026-12-07T07:59:02.000Z',
    operator_id: 'op_1',
    operator_email: 'ops@popote.test',
    action: 'operator.signed-in',
    target: null,
    reason: null,
    ...over,
  });

  it('has a header row, then each entry in Paris time with its action in French and its code', () => {
    const csv = auditCsv([
      entry(),
      entry({
        entry_id: 'e2',
        at: '2026-07-01T22:30:00.000Z',
        operator_id: null,
        operator_email: null,
        action: 'operator.added',
        target: 'operator:op_2',
        reason: 'Léa Martin <lea@popote.test>',
      }),
      entry({ entry_id: 'e3', action: 'moderation.something-new', reason: 'Motif ; avec "guillemets"' }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date (heure de Paris);Opérateur;Action;Code de l’action;Cible;Motif;Identifiant',
      '2026-12-07 08:59:02;ops@popote.test;Connexion;operator.signed-in;;;mj9x2a3b0-0a1b2c3d4e5f',
      // Summer time: UTC+2, the next day in Paris.
      '2026-07-02 00:30:00;Système;Opérateur ajouté;operator.added;Opérateur op_2;Léa Martin <lea@popote.test>;e2',
      // An action this console has no label for yet: its code.
      '2026-12-07 08:59:02;ops@popote.test;moderation.something-new;moderation.something-new;;"Motif ; avec ""guillemets""";e3',
      '',
    ]);
  });

  it('is named after the day in Paris', () => {
    expect(auditCsvFilename(new Date('2026-12-31T23:30:00.000Z'))).toBe('popote-journal-2027-01-01.csv');
  });
});

describe('the log as read', () => {
  it('shows the instants in Paris time, to the second', () => {
    expect(formatAuditTime('2026-12-07T07:59:02.000Z')).toBe('07/12/2026 08:59:02');
    expect(sortableParisTime('2026-03-29T01:30:00.000Z')).toBe('2026-03-29 03:30:00');
  });

  it('names the actions and the targets in French, unknown ones as they are', () => {
    expect(actionLabel('operator.signed-in-with-recovery-code')).toBe('Connexion avec un code de secours');
    expect(actionLabel('operator.code-refused')).toBe('Connexion refusée (code incorrect)');
    expect(actionLabel('autre.chose')).toBe('autre.chose');
    expect(targetLabel('operator:op_9')).toBe('Opérateur op_9');
    expect(actionLabel('moderation.decided.hide_meal')).toBe('Signalement traité : plat retiré de la vente');
    expect(targetLabel('meal:m_1')).toBe('Plat m_1');
    expect(targetLabel('inconnu:x_1')).toBe('inconnu:x_1');
    expect(actionLabel('promotion.platform-offer')).toBe('Offre de bienvenue modifiée');
    expect(targetLabel('promotion:platform-first-order')).toBe('Offre de bienvenue');
  });
});
