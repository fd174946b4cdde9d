import { opsFr } from '../../texts';
import { actionLabel, sortableParisTime, targetLabel } from './audit-labels';
import type { AuditEntryData } from './journal-data';

/** French spreadsheets: `;` between cells, CRLF between rows (RFC 4180 otherwise). */
const SEPARATOR = ';';
const NEWLINE = '\r\n';

/**
 * One cell. Quoted (its quotes doubled) when it holds the separator, a quote, a line break or
 * spaces at either end; a cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or
 * carriage return first: the log quotes what people typed) is prefixed with an apostrophe
 * (OWASP's "CSV injection" advice) and quoted.
 */
export function csvCell(value: string): string {
  const formula = /^[=+\-@\t\r]/.test(value);
  const text = formula ? `'${value}` : value;
  if (formula || /[;"\r\n]/.test(text) || text !== text.trim()) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** Rows of cells as CSV text, every row (the last one too) ended by CRLF. */
export const toCsv = (rows: ReadonlyArray<ReadonlyArray<string>>): string =>
  rows.map((row) => row.map(csvCell).join(SEPARATOR) + NEWLINE).join('');

const c = opsFr.journal.csvColumns;

/** The audit log as a CSV file's text: a header row, then one row per entry in the order given. */
export function auditCsv(entries: ReadonlyArray<AuditEntryData>): string {
  return toCsv([
    [c.at, c.operator, c.action, c.code, c.target, c.reason, c.id],
    ...entries.map((e) => [
      sortableParisTime(e.at),
      e.operator_email ?? opsFr.journal.noOperator,
      actionLabel(e.action),
      e.action,
      e.target ? targetLabel(e.target) : '',
      e.reason ?? '',
      e.entry_id,
    ]),
  ]);
}

/** `popote-journal-2026-12-07.csv` (the day in Paris). */
export const auditCsvFilename = (now: Date): string => `popote-journal-${sortableParisTime(now.toISOString()).slice(0, 10)}.csv`;
