import { apiMessage, readApiError } from '@popote/auth';
import { useMutation, useQuery } from '@popote/graphql';
import { Button, Notice, QueryState, Section, TextAreaField } from '@popote/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConsolePage } from '../../layout/console-page';
import { opsFr } from '../../texts';
import { formatParisDateTime } from '../reports/format';
import { ConsoleTable } from '../shared/console-table';
import { CountedHint, FormError } from '../shared/form-parts';
import { deadLettersFr as t, REPLAY_REASON_MAX } from './dead-letters-texts';
import { DeadLettersDocument, ReplayDeadLetterDocument, type DeadLettersQuery } from './dead-letters.generated';
import styles from './dead-letters.module.css';

type ServiceLetters = DeadLettersQuery['deadLetters'][number];
type Letter = ServiceLetters['letters'][number];

const COLUMNS = [
  { label: t.columns.durable },
  { label: t.columns.seq, number: true },
  { label: t.columns.event },
  { label: t.columns.reason },
  { label: t.columns.at },
  { label: t.columns.action },
] as const;

/** The letters of a service by consumer (durable), each consumer's oldest first. */
const byDurable = (letters: readonly Letter[]): Letter[] =>
  [...letters].sort((a, b) => (a.durable === b.durable ? a.seq - b.seq : a.durable < b.durable ? -1 : 1));

interface ReasonValues {
  reason: string;
}

/**
 * 'Rejouer' then the reason (required: it goes to the operators' journal before the replay), then
 * the service's answer: replayed (the letter leaves the list, the page says so) or refused (said
 * here, in the service's words; the letter stays).
 */
function ReplayForm({
  service,
  letter,
  onClose,
  onReplayed,
}: {
  service: ServiceLetters['service'];
  letter: Letter;
  onClose: () => void;
  onReplayed: (message: string) => void;
}) {
  const [replay] = useMutation(ReplayDeadLetterDocument);
  const form = useForm<ReasonValues>({ defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const [refusal, setRefusal] = useState<string | null>(null);
  const { setFocus } = form;

  useEffect(() => setFocus('reason'), [setFocus]);

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const { data } = await replay({ variables: { service, seq: letter.seq, reason: values.reason.trim() } });
      const { outcome, why } = data.replayDeadLetter;
      if (outcome === 'replayed') {
        onReplayed(why ? t.replayedWithNote(letter.seq, why) : t.replayed(letter.seq, letter.durable));
        return;
      }
      setRefusal(t.refused(why ?? t.replayError));
    } catch (error) {
      const { fields } = readApiError(error);
      if (fields['reason']) {
        form.setError('reason', { type: 'server', message: fields['reason'] }, { shouldFocus: true });
        return;
      }
      setRefusal(apiMessage(error, t.replayError));
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextAreaField
        label={t.reason}
        rows={3}
        maxLength={REPLAY_REASON_MAX}
        hint={<CountedHint hint={t.reasonHint} length={reason.length} max={REPLAY_REASON_MAX} />}
        error={errors.reason?.message}
        {...form.register('reason', {
          validate: (value) => {
            const length = value.trim().length;
            if (length === 0) return t.reasonRequired;
            return length <= REPLAY_REASON_MAX || t.reasonMax(REPLAY_REASON_MAX);
          },
        })}
      />
      <FormError message={refusal} className={styles.refusal} />
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          {t.confirm}
        </Button>
        <Button variant="outline" disabled={isSubmitting} onClick={onClose}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

function LetterRows({
  service,
  letter,
  onReplayed,
}: {
  service: ServiceLetters['service'];
  letter: Letter;
  onReplayed: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const replayButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Back where the operator was.
    requestAnimationFrame(() => replayButton.current?.focus());
  };
  return (
    <>
      <tr data-testid="dead-letter">
        <td className={styles.code}>{letter.durable}</td>
        <td className={styles.nowrap}>{letter.seq}</td>
        <td>
          {letter.type ? <span className={styles.code}>{letter.type}</span> : t.notAnEvent}
          {letter.event_id ? <p className={styles.muted}>{letter.event_id}</p> : null}
          <p className={styles.muted}>{t.original(letter.subject, letter.original_seq)}</p>
        </td>
        <td className={styles.reason}>{letter.reason || opsFr.common.none}</td>
        <td className={styles.nowrap}>
          <time dateTime={letter.at}>{formatParisDateTime(letter.at)}</time>
        </td>
        <td>
          <Button ref={replayButton} variant="outline" size="sm" aria-expanded={open} disabled={open} onClick={() => setOpen(true)}>
            {t.replay}
            <span className="pp-visually-hidden">{t.replayWhat(letter.seq, letter.durable)}</span>
          </Button>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={COLUMNS.length} className={styles.formCell}>
            <ReplayForm service={service} letter={letter} onClose={close} onReplayed={onReplayed} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function ServiceSection({ entry, busy, onReplayed }: { entry: ServiceLetters; busy: boolean; onReplayed: (message: string) => void }) {
  const { service, letters } = entry;
  const title = (
    <>
      {service}
      {entry.available ? <span className={styles.count}> ({t.count(letters.length)})</span> : null}
    </>
  );
  return (
    <Section title={title} classNames={{ section: styles.service }}>
      {!entry.available ? (
        <Notice tone="error" message={entry.error ?? t.loadError} />
      ) : (
        <>
          <ConsoleTable caption={t.caption(service)} columns={COLUMNS} busy={busy} className={styles.table}>
            {byDurable(letters).map((letter) => (
              <LetterRows key={letter.seq} service={service} letter={letter} onReplayed={onReplayed} />
            ))}
          </ConsoleTable>
          {entry.more ? <p className={styles.note}>{t.more(letters.length)}</p> : null}
        </>
      )}
    </Section>
  );
}

/**
 * 'Lettres mortes': the events a consumer gave up on, by service and consumer, oldest first. Each
 * service lists its own (one that does not answer is said so; the others are still shown). 'Rejouer'
 * asks the reason, written to the journal, then the service's own consumer handles the event again
 * (with the checks of `./popote dlq`); the outcome is said in French.
 */
export function DeadLettersPage() {
  const { data, error, loading, refetch } = useQuery(DeadLettersDocument, { requestPolicy: 'cache-and-network' });
  const [status, setStatus] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);

  const onReplayed = (message: string) => {
    setStatus(message);
    // The row leaves the list: the operator's focus goes to what happened.
    requestAnimationFrame(() => statusRef.current?.focus());
    void refetch();
  };

  let body: ReactNode;
  if (!data) {
    body = <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;
  } else {
    const shown = data.deadLetters.filter((entry) => !entry.available || entry.letters.length > 0);
    const clean = data.deadLetters.filter((entry) => entry.available && entry.letters.length === 0).map((entry) => entry.service);
    body =
      shown.length === 0 ? (
        <Notice title={t.empty} message={t.emptyLead} />
      ) : (
        <>
          <ul className={styles.services}>
            {shown.map((entry) => (
              <li key={entry.service}>
                <ServiceSection entry={entry} busy={loading} onReplayed={onReplayed} />
              </li>
            ))}
          </ul>
          {clean.length > 0 ? <p className={styles.note}>{t.noneIn(clean)}</p> : null}
        </>
      );
  }

  return (
    <ConsolePage
      title={t.title}
      lead={t.lead}
      actions={
        data ? (
          <Button variant="outline" onClick={() => void refetch()} loading={loading}>
            {opsFr.common.reload}
          </Button>
        ) : null
      }
    >
      <p ref={statusRef} role="status" tabIndex={-1} className={styles.status}>
        {status}
      </p>
      {body}
    </ConsolePage>
  );
}
