import { apiMessage, readApiError } from '@popote/auth';
import { useMutation, useQuery, type Cache } from '@popote/graphql';
import { useSearchParams } from '@popote/router';
import { formatPhone, formatSiret, TRADER_LIMITS, TRADER_MESSAGES, type TraderDecision } from '@popote/rules';
import { Button, Notice, QueryState, Section, SelectField, TextAreaField, toast } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConsolePage } from '../../layout/console-page';
import { opsFr } from '../../texts';
import { Fact } from '../shared/fact';
import { CountedHint } from '../shared/form-parts';
import { Pager, useCursorPages } from '../reports/cursor-pages';
import { formatParisDateTime } from '../reports/format';
import { DecideTraderVerificationDocument, TraderVerificationsDocument, type TraderVerificationsQuery } from './sellers.generated';
import styles from '../reports/moderation.module.css';

const t = opsFr.sellers;

/** Files per page. */
export const SELLERS_PAGE_SIZE = 20;

/** The lists an operator works from: waiting for a verification, or for the cook's completion. */
const STATUSES = ['submitted', 'more_info_requested'] as const;
type QueueStatus = (typeof STATUSES)[number];
const STATUS_OPTIONS = STATUSES.map((status) => ({ value: status, label: t.statuses[status] }));
/** The list shown is the page's query string (`?dossiers=more_info_requested`); none: those to verify. */
const STATUS_PARAM = 'dossiers';

type Verification = TraderVerificationsQuery['traderVerifications']['items'][number];
type Details = NonNullable<Verification['file']['details']>;
type TraderDocument = Details['ddpp_receipt'];

/** The official directory's page of an establishment (INSEE's data), where its SIRET is checked. */
export const directoryUrl = (siret: string): string =>
  `https://annuaire-entreprises.data.gouv.fr/etablissement/${encodeURIComponent(siret)}`;

/** Forgets the verification lists: the one shown is asked again (a decided file leaves it). */
function forgetVerifications(cache: Cache): void {
  for (const field of cache.inspectFields('Query')) {
    if (field.fieldName === 'traderVerifications') cache.invalidate('Query', field.fieldName, field.arguments ?? undefined);
  }
}

function NewTab() {
  return <span className="pp-visually-hidden"> {opsFr.common.newTab}</span>;
}

/** A document the cook gave, opened in a new tab (the console's session lets operators read it). */
function DocumentLink({ label, document }: { label: string; document: TraderDocument }) {
  if (!document) {
    return (
      <li>
        {label} : <span className={styles.muted}>{t.missingDocument}</span>
      </li>
    );
  }
  return (
    <li>
      <a href={document.url} target="_blank" rel="noopener noreferrer">
        {label}
        <NewTab />
      </a>{' '}
      <span className={styles.muted}>({document.file_name})</span>
    </li>
  );
}

function DetailsFacts({ file }: { file: Verification['file'] }) {
  const { details } = file;
  if (!details) return <p className={styles.muted}>{t.noDetails}</p>;
  return (
    <dl className={styles.facts}>
      <Fact term={t.legalName}>{details.legal_name}</Fact>
      <Fact term={t.siret}>
        <span className={styles.nowrap}>{formatSiret(details.siret)}</span>
        <br />
        <a href={directoryUrl(details.siret)} target="_blank" rel="noopener noreferrer">
          {t.checkSiret}
          <NewTab />
        </a>
      </Fact>
      <Fact term={t.address}>
        {details.address.street}
        <br />
        {details.address.postcode} {details.address.city}
      </Fact>
      <Fact term={t.phone}>{formatPhone(details.phone)}</Fact>
      <Fact term={t.email}>
        <a href={`mailto:${details.email}`}>{details.email}</a>
      </Fact>
      <Fact term={t.selfCertified}>{details.self_certified ? t.selfCertifiedYes : t.selfCertifiedNo}</Fact>
      {file.submitted_at ? (
        <Fact term={t.submittedAt}>
          <time dateTime={file.submitted_at}>{formatParisDateTime(file.submitted_at)}</time>
        </Fact>
      ) : null}
      <Fact term={t.revision}>{file.revision}</Fact>
      <Fact term={t.documents}>
        <ul className={styles.list}>
          <DocumentLink label={t.ddppReceipt} document={details.ddpp_receipt} />
          <DocumentLink label={t.hygieneCertificate} document={details.hygiene_certificate} />
        </ul>
      </Fact>
    </dl>
  );
}

interface MessageValues {
  message: string;
}

/**
 * 'Vérifier' or 'Demander des compléments' (then the message to the cook, required) on the
 * submission read: its revision goes with the decision, so a file changed meanwhile is refused
 * ('rechargez') rather than decided unread.
 */
function DecisionPanel({ verification, onReload }: { verification: Verification; onReload: () => void }) {
  const { cook_id: cookId, cook_name: name, file } = verification;
  const [decide] = useMutation(DecideTraderVerificationDocument, { update: forgetVerifications });
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState<TraderDecision | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; reload: boolean } | null>(null);
  const form = useForm<MessageValues>({ defaultValues: { message: '' } });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const askButton = useRef<HTMLButtonElement>(null);
  const backToAsk = useRef(false);
  const { setFocus } = form;

  useEffect(() => {
    if (asking) setFocus('message');
    else if (backToAsk.current) askButton.current?.focus();
    backToAsk.current = false;
  }, [asking, setFocus]);

  const send = async (decision: TraderDecision, text: string | null) => {
    setRefusal(null);
    setSending(decision);
    try {
      const { data } = await decide({ variables: { cook_id: cookId, revision: file.revision, decision, message: text } });
      const done = decision === 'verify' ? t.verified(name) : t.asked(name);
      toast.success(data.decideTraderVerification.applied ? done : t.already, { id: `trader-${cookId}` });
    } catch (error) {
      const { code, fields } = readApiError(error);
      if (fields['message'] && decision === 'ask_more') {
        form.setError('message', { type: 'server', message: fields['message'] }, { shouldFocus: true });
      } else {
        setRefusal({ message: apiMessage(error, t.decideError), reload: code === 'CONFLICT' || code === 'NOT_FOUND' });
      }
    } finally {
      setSending(null);
    }
  };

  const onAsk = form.handleSubmit((values) => send('ask_more', values.message.trim()));

  return (
    <div className={styles.form}>
      {refusal ? (
        <div role="alert" className={styles.confirm}>
          <p className={styles.formError}>{refusal.message}</p>
          {refusal.reload ? (
            <div className={styles.actions}>
              <Button variant="outline" onClick={onReload}>
                {opsFr.common.reload}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {asking ? (
        <form className={styles.form} onSubmit={(event) => void onAsk(event)} noValidate>
          <TextAreaField
            label={t.message}
            rows={4}
            maxLength={TRADER_LIMITS.message}
            hint={<CountedHint hint={t.messageHint} length={message.length} max={TRADER_LIMITS.message} />}
            error={form.formState.errors.message?.message}
            {...form.register('message', {
              validate: (value) => {
                const length = value.trim().length;
                if (length === 0) return TRADER_MESSAGES.messageRequired;
                return length <= TRADER_LIMITS.message || TRADER_MESSAGES.messageMax;
              },
            })}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={sending === 'ask_more'}>
              {t.send}
            </Button>
            <Button
              variant="outline"
              disabled={sending !== null}
              onClick={() => {
                backToAsk.current = true;
                setAsking(false);
              }}
            >
              {opsFr.common.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button onClick={() => void send('verify', null)} loading={sending === 'verify'}>
            {t.verify}
          </Button>
          <Button ref={askButton} variant="outline" disabled={sending !== null} onClick={() => setAsking(true)}>
            {t.askMore}
          </Button>
        </div>
      )}
    </div>
  );
}

function TraderCase({ verification, onReload }: { verification: Verification; onReload: () => void }) {
  const { file } = verification;
  return (
    <Section title={verification.cook_name} classNames={{ section: styles.block }}>
      <p className={styles.muted}>{t.username(verification.cook_username)}</p>
      <DetailsFacts file={file} />
      {file.status === 'more_info_requested' ? (
        <dl className={styles.facts}>
          <Fact term={t.requested}>
            <span className={styles.text}>{file.message ?? opsFr.common.none}</span>
          </Fact>
          {file.decided_at ? (
            <Fact term={t.requestedAt}>
              <time dateTime={file.decided_at}>{formatParisDateTime(file.decided_at)}</time>
            </Fact>
          ) : null}
        </dl>
      ) : null}
      {file.status === 'submitted' && file.details ? <DecisionPanel verification={verification} onReload={onReload} /> : null}
    </Section>
  );
}

function Files({ status }: { status: QueueStatus }) {
  const pages = useCursorPages();
  const { data, previousData, error, loading, refetch } = useQuery(TraderVerificationsDocument, {
    variables: { status, limit: SELLERS_PAGE_SIZE, ...(pages.after ? { after: pages.after } : {}) },
    requestPolicy: 'cache-and-network',
  });
  const shown = data ?? (loading ? previousData : undefined);
  if (!shown) {
    return (
      <>
        <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />
        {error && pages.page > 1 ? (
          <nav className={styles.pager} aria-label={t.pagination}>
            <Button variant="outline" onClick={pages.previous}>
              {opsFr.common.previous}
            </Button>
          </nav>
        ) : null}
      </>
    );
  }
  const { next_cursor: next } = shown.traderVerifications;
  // A file decided here leaves the list at once (its status is answered with the decision).
  const items = shown.traderVerifications.items.filter((item) => item.file.status === status);
  if (items.length === 0 && pages.page === 1 && !next) return <Notice message={status === 'submitted' ? t.empty : t.emptyMoreInfo} />;
  return (
    <>
      <ul className={styles.list} aria-busy={loading || undefined}>
        {items.map((verification) => (
          <li key={verification.cook_id} data-testid="trader-file">
            <TraderCase verification={verification} onReload={() => void refetch()} />
          </li>
        ))}
      </ul>
      <Pager pages={pages} next={next} loading={loading} label={t.pagination} />
    </>
  );
}

/**
 * 'Vendeurs': the cooks' trader details to verify (oldest first), or those waiting for the cook's
 * completion; each with its details, its two documents and the SIRET to check in the official
 * directory, then 'Vérifier' or 'Demander des compléments'.
 */
export function SellersPage() {
  const [params, setParams] = useSearchParams();
  const status: QueueStatus = params.get(STATUS_PARAM) === 'more_info_requested' ? 'more_info_requested' : 'submitted';
  return (
    <ConsolePage title={t.title} lead={t.lead}>
      <div className={styles.filters}>
        <SelectField
          label={t.status}
          value={status}
          options={STATUS_OPTIONS}
          onChange={(event) =>
            setParams(event.target.value === 'submitted' ? {} : { [STATUS_PARAM]: event.target.value }, { replace: true })
          }
        />
      </div>
      <Files key={status} status={status} />
    </ConsolePage>
  );
}
