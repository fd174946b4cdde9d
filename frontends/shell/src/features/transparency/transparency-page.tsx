import { useQuery } from '@popote/graphql';
import { MODERATION_ACTION_LABELS, REPORT_REASON_LABELS, REPORT_TARGET_LABELS } from '@popote/rules';
import { Button, fr, QueryState, SelectField } from '@popote/ui';
import { useId, useMemo, useState } from 'react';
import styles from '../../pages/static/static-page.module.css';
import { TransparencyReportDocument } from './transparency.generated';

/** The first year Popote reports on, and the current one (Paris). */
const FIRST_YEAR = 2026;
const currentYear = () => Number(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()));
const hours = (h: number | null | undefined) =>
  h === null || h === undefined ? 'aucune décision' : `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(h)} h`;
const labelOf = (labels: Record<string, string>, key: string) => labels[key] ?? key;

/** Saves the CSV the BFF wrote (same figures, French headers) as a file. */
function download(csv: string, year: number) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `popote-transparence-${year}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Counts({ caption, rows }: { caption: string; rows: { label: string; count: number }[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Élément</th>
            <th scope="col">Nombre</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <td>{r.label}</td>
              <td>{r.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /transparence: the yearly transparency report of notice and action (EU Digital Services Act, Art. 15
 * and 24), built by identity from its records: notices by reason and kind, decisions by measure,
 * median time to decide, appeals and their outcomes, suspensions; the same figures as CSV.
 */
export function TransparencyPage() {
  const last = currentYear();
  const [year, setYear] = useState(last);
  const variables = useMemo(() => ({ year }), [year]);
  const { data, error, refetch } = useQuery(TransparencyReportDocument, { variables });
  const report = data?.transparencyReport;
  const yearId = useId();
  const years = Array.from({ length: Math.max(1, last - FIRST_YEAR + 1) }, (_, i) => last - i);

  return (
    <article className={`pp-page ${styles.page}`}>
      <title>{`Rapport de transparence · ${fr.brand}`}</title>
      <h1 className={styles.title}>Rapport de transparence</h1>
      <p className={styles.lead}>
        Chaque année, Popote publie ce qu&apos;elle a fait des signalements reçus : combien, pour quels motifs, quelles décisions, en
        combien de temps, et ce que sont devenus les recours. Toutes les décisions sont prises par une personne de notre équipe.
      </p>
      <SelectField
        id={yearId}
        className={styles.yearField}
        label="Année"
        value={String(year)}
        onChange={(e) => setYear(Number(e.target.value))}
        options={years.map((y) => ({ value: String(y), label: String(y) }))}
      />
      {!report ? (
        <QueryState
          error={error}
          errorMessage="Erreur lors du chargement du rapport"
          onRetry={refetch}
          loadingLabel="Chargement du rapport…"
        />
      ) : (
        <>
          <section className={styles.section} aria-labelledby="transparency-notices">
            <h2 id="transparency-notices">
              Signalements reçus en {report.year} : {report.notices}
            </h2>
            <p>Dont {report.notices_from_accounts} par des personnes connectées à un compte.</p>
            <Counts
              caption="Signalements par motif"
              rows={report.notices_by_reason.map((r) => ({ label: labelOf(REPORT_REASON_LABELS, r.key), count: r.count }))}
            />
            <Counts
              caption="Signalements par type de contenu"
              rows={report.notices_by_target.map((r) => ({ label: labelOf(REPORT_TARGET_LABELS, r.key), count: r.count }))}
            />
          </section>
          <section className={styles.section} aria-labelledby="transparency-decisions">
            <h2 id="transparency-decisions">Décisions : {report.decisions}</h2>
            <p>
              Délai médian entre un signalement et sa décision : {hours(report.median_hours_to_decide)}. Décisions prises par des moyens
              automatisés : {report.automated_decisions}. Comptes cuisinier suspendus : {report.suspensions}.
            </p>
            <Counts
              caption="Décisions par mesure"
              rows={report.decisions_by_action.map((r) => ({ label: labelOf(MODERATION_ACTION_LABELS, r.key), count: r.count }))}
            />
          </section>
          <section className={styles.section} aria-labelledby="transparency-appeals">
            <h2 id="transparency-appeals">Recours : {report.appeals}</h2>
            <p>
              Acceptés (mesure levée) : {report.appeals_reversed} ; rejetés (mesure maintenue) : {report.appeals_upheld} ; en cours :{' '}
              {report.appeals_open}. Délai médian de réponse : {hours(report.median_hours_to_decide_appeal)}.
            </p>
          </section>
          <Button variant="secondary" onClick={() => download(report.csv, report.year)}>
            Télécharger le rapport {report.year} (CSV)
          </Button>
        </>
      )}
    </article>
  );
}
