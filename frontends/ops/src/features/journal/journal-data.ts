import type { AuditEntryFieldsFragment, OperatorAuditQuery } from './journal.generated';

export type AuditEntryData = AuditEntryFieldsFragment;
export type AuditPageData = OperatorAuditQuery['operatorAudit'];

/** Lines per page of the table. */
export const PAGE_SIZE = 50;
/** Lines per request of the export (the most the BFF gives at once). */
export const EXPORT_PAGE_SIZE = 200;
