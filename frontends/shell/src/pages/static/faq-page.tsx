import { fr, Tabs } from '@popote/ui';
import { useId, useState } from 'react';
import { Link } from '@popote/router';
import { FAQ, type FaqEntry } from './faq-content';
import styles from './static-page.module.css';

const TABS = FAQ.map((item) => ({ key: item.id, label: item.label }));

/**
 * /faq: four category tabs (WAI-ARIA tabs: arrow keys, Home, End; one tab stop) and,
 * in each, questions as an accordion (a button with aria-expanded per question).
 */
export function FaqPage() {
  const baseId = useId();
  const [selected, setSelected] = useState(FAQ[0]!.id);
  const category = FAQ.find((item) => item.id === selected) ?? FAQ[0]!;

  return (
    <div className={`pp-page ${styles.page}`}>
      <title>{`Questions fréquentes · ${fr.brand}`}</title>
      <h1 className={styles.title}>Questions fréquentes</h1>
      <p className={styles.lead}>
        Commander, cuisiner, payer, gérer son compte : les réponses aux questions que l&apos;on nous pose le plus.
      </p>

      <Tabs
        tabs={TABS}
        selected={category.id}
        onSelect={setSelected}
        label="Catégories de questions"
        upDownKeys
        classNames={{ list: styles.tabs, tab: styles.tab, panel: styles.panel }}
      >
        <h2 className="pp-visually-hidden">{category.label}</h2>
        {/* Keyed by category: each tab opens with its questions folded. */}
        <Accordion key={category.id} entries={category.entries} />
      </Tabs>

      <section className={styles.help} aria-labelledby={`${baseId}-help`}>
        <h2 id={`${baseId}-help`}>Vous ne trouvez pas votre réponse ?</h2>
        <p>
          Écrivez-nous depuis la page <Link to="/contact">Contact</Link> : notre équipe vous répond par email.
        </p>
      </section>
    </div>
  );
}

function Accordion({ entries }: { entries: FaqEntry[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ul className={styles.questions}>
      {entries.map((entry) => {
        const expanded = open.has(entry.id);
        const buttonId = `${baseId}-${entry.id}-question`;
        const answerId = `${baseId}-${entry.id}-answer`;
        return (
          <li key={entry.id} className={styles.question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={answerId}
                className={styles.questionButton}
                onClick={() => toggle(entry.id)}
              >
                <span>{entry.question}</span>
                <span className={styles.chevron} aria-hidden="true" />
              </button>
            </h3>
            <div id={answerId} role="region" aria-labelledby={buttonId} hidden={!expanded} className={styles.answer}>
              {entry.answer}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
