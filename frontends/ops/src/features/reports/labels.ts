import { opsFr } from '../../texts';
import type { ReportFieldsFragment } from './moderation.generated';

/** Who reported: their address (signed out), 'Compte' for a signed-in reporter, else a dash. */
export function reporterLabel(report: Pick<ReportFieldsFragment, 'contact_email' | 'reporter_user_id'>): string {
  if (report.contact_email) return report.contact_email;
  return report.reporter_user_id ? opsFr.reports.account : opsFr.common.none;
}
