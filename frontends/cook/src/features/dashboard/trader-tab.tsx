import { zodResolver } from '@hookform/resolvers/zod';
import { apiMessage, readApiError, useAuth } from '@popote/auth';
import { useMutation, useQuery } from '@popote/graphql';
import { formatPhone, formatSiret, type TraderDocumentKind, type TraderStatus } from '@popote/rules';
import { Button, FieldMessages, fieldDescribedBy, Spinner, TextField, toast } from '@popote/ui';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { MyTraderDetailsDocument, SaveTraderDetailsDocument } from '../../graphql/traders.generated';
import type { TraderFileData } from '../../graphql/traders';
import { Loaded, Loading, TabSection } from './tab-parts';
import { FIELD_OF_SERVER, traderFormSchema, type TraderFormParsed, type TraderFormValues } from './trader-schema';
import { frTrader } from './trader-texts';
import { DOCUMENT_ACCEPT, DocumentUploadError, uploadTraderDocument, type UploadedDocument } from './trader-upload';
import styles from './trader.module.css';

const t = frTrader;

/**
 * 'Vendeur': the cook's trader details (traders' traceability) — where their verification stands,
 * then the form: who sells, their address, how to reach them, their two documents and their
 * commitment, sent for verification. Changed details after a verification are verified again.
 */
export function TraderTab() {
  const query = useQuery(MyTraderDetailsDocument, { requestPolicy: 'cache-and-network' });
  // The dashboard shows its tabs to a signed-in cook: their name and address start the form.
  const auth = useAuth();
  return (
    <TabSection titleId="cook-trader-title" title={t.title}>
      <p className={styles.intro}>{t.intro}</p>
      <Loaded query={query} loadingLabel={t.loading}>
        {({ myTraderDetails }) => (
          <>
            <TraderStatusPanel file={myTraderDetails} />
            {/* A new revision (a submission) starts the form again from what was saved. */}
            {auth.status === 'signed-in' ? (
              <TraderForm
                key={myTraderDetails.revision}
                file={myTraderDetails}
                account={{ name: auth.user.name, email: auth.user.email, siret: auth.cookProfile?.siret ?? null }}
              />
            ) : (
              <Loading label={t.loading} />
            )}
          </>
        )}
      </Loaded>
    </TabSection>
  );
}

/** Where the file stands, in French: « À compléter », « En cours de vérification », « Compléments demandés : … », « Vendeur vérifié ». */
export function TraderStatusPanel({ file }: { file: Pick<TraderFileData, 'status' | 'message'> }) {
  const status = file.status as TraderStatus;
  return (
    <section className={styles.statusPanel} data-status={status} aria-labelledby="cook-trader-status">
      <h3 id="cook-trader-status" className={styles.statusTitle}>
        {t.statusTitle}
      </h3>
      <p className={styles.status} data-testid="trader-status">
        {t.statusLabel(status, file.message)}
      </p>
      <p className={styles.muted}>{t.statusHelp[status]}</p>
    </section>
  );
}

/** What the cook's account already says starts a first form: their name, address and the SIRET of their receipts. */
interface Account {
  name: string;
  email: string;
  siret: string | null;
}

const defaultsOf = (file: TraderFileData, account: Account): TraderFormValues => {
  const d = file.details;
  return {
    legal_name: d?.legal_name ?? account.name,
    siret: formatSiret(d?.siret ?? account.siret ?? ''),
    address: { street: d?.address.street ?? '', postcode: d?.address.postcode ?? '', city: d?.address.city ?? '' },
    phone: d ? formatPhone(d.phone) : '',
    email: d?.email ?? account.email,
    ddpp_receipt_key: d?.ddpp_receipt?.key ?? '',
    hygiene_certificate_key: d?.hygiene_certificate?.key ?? '',
    self_certified: d?.self_certified ?? false,
  };
};

function TraderForm({ file, account }: { file: TraderFileData; account: Account }) {
  const [save] = useMutation(SaveTraderDetailsDocument);
  const [uploading, setUploading] = useState(0);
  const form = useForm<TraderFormValues, unknown, TraderFormParsed>({
    resolver: zodResolver(traderFormSchema),
    defaultValues: defaultsOf(file, account),
  });
  const { errors, isSubmitting } = form.formState;
  const commitmentId = useId();

  const onSubmit = form.handleSubmit(
    async (input) => {
      let saved: TraderFileData;
      try {
        saved = (await save({ variables: { input } })).data.saveTraderDetails;
      } catch (error) {
        const { fields } = readApiError(error);
        let shown = false;
        for (const [server, field] of Object.entries(FIELD_OF_SERVER)) {
          if (!fields[server]) continue;
          form.setError(field, { type: 'server', message: fields[server] }, { shouldFocus: !shown });
          shown = true;
        }
        toast.error(shown ? t.invalid : apiMessage(error, t.saveError), { id: 'trader-save' });
        return;
      }
      // Graphcache replaces the file (keyed by its cook): the status above follows.
      toast.success(saved.revision === file.revision ? t.unchanged : t.submitted, { id: 'trader-save' });
    },
    () => toast.error(t.invalid, { id: 'trader-save' }),
  );

  const documentField = (kind: TraderDocumentKind, name: 'ddpp_receipt_key' | 'hygiene_certificate_key', label: string) => {
    const saved = kind === 'ddpp_receipt' ? file.details?.ddpp_receipt : file.details?.hygiene_certificate;
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field, fieldState }) => (
          <DocumentField
            kind={kind}
            label={label}
            saved={saved && saved.key === field.value ? saved : null}
            error={fieldState.error?.message}
            disabled={isSubmitting}
            onUploadingChange={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
            onChange={(uploaded) => {
              field.onChange(uploaded.key);
              form.clearErrors(name);
            }}
          />
        )}
      />
    );
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="cook-trader-title">
      {file.status === 'verified' ? <p className={styles.warning}>{t.changeWarning}</p> : null}

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t.identity}</legend>
        <TextField label={t.legalName} autoComplete="name" error={errors.legal_name?.message} {...form.register('legal_name')} />
        <TextField
          label={t.siret}
          hint={t.siretHint}
          inputMode="numeric"
          autoComplete="off"
          error={errors.siret?.message}
          {...form.register('siret')}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t.address}</legend>
        <p className={styles.muted}>{t.addressHint}</p>
        <TextField
          label={t.street}
          autoComplete="address-line1"
          error={errors.address?.street?.message}
          {...form.register('address.street')}
        />
        <div className={styles.row}>
          <TextField
            label={t.postcode}
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            error={errors.address?.postcode?.message}
            {...form.register('address.postcode')}
          />
          <TextField
            label={t.city}
            autoComplete="address-level2"
            error={errors.address?.city?.message}
            {...form.register('address.city')}
          />
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t.contact}</legend>
        <div className={styles.row}>
          <TextField
            label={t.phone}
            hint={t.phoneHint}
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField
            label={t.email}
            hint={t.emailHint}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t.documents}</legend>
        <p className={styles.muted}>{t.documentsHint}</p>
        {documentField('ddpp_receipt', 'ddpp_receipt_key', t.ddpp)}
        {documentField('hygiene_certificate', 'hygiene_certificate_key', t.hygiene)}
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t.commitment}</legend>
        <div className={styles.check}>
          <input
            id={commitmentId}
            type="checkbox"
            aria-invalid={errors.self_certified ? true : undefined}
            aria-describedby={fieldDescribedBy(commitmentId, null, errors.self_certified?.message)}
            {...form.register('self_certified')}
          />
          <label htmlFor={commitmentId}>{t.selfCertification}</label>
        </div>
        <FieldMessages id={commitmentId} error={errors.self_certified?.message} />
      </fieldset>

      <p className={styles.muted}>{t.publicNote}</p>
      <div>
        <Button type="submit" variant="primary" loading={isSubmitting} disabled={uploading > 0}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}

interface DocumentFieldProps {
  kind: TraderDocumentKind;
  label: string;
  /** The document saved with the details, while it is still the chosen one. */
  saved: UploadedDocument | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (uploaded: UploadedDocument) => void;
  onUploadingChange: (busy: boolean) => void;
}

/** One document: chosen, checked in the browser, sent at once (privately); the form keeps its key. */
function DocumentField({ kind, label, saved, error, disabled, onChange, onUploadingChange }: DocumentFieldProps) {
  const id = useId();
  const [uploaded, setUploaded] = useState<UploadedDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef(0);
  const shown = uploaded ?? saved;
  const message = problem ?? error;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // the same file chosen again fires `change` again
    if (!chosen) return;
    const current = ++attempt.current;
    setProblem(null);
    setBusy(true);
    onUploadingChange(true);
    try {
      const done = await uploadTraderDocument(chosen, kind);
      if (current !== attempt.current) return;
      setUploaded(done);
      onChange(done);
      toast.success(t.uploaded, { id: `trader-${kind}` });
    } catch (failure) {
      if (current !== attempt.current) return;
      setProblem(failure instanceof DocumentUploadError ? failure.message : t.saveError);
    } finally {
      setBusy(false);
      onUploadingChange(false);
    }
  };

  return (
    <div className={styles.document}>
      <p className={styles.documentLabel} id={`${id}-label`}>
        {label}
      </p>
      <p className={styles.muted} data-testid={`trader-document-${kind}`}>
        {shown ? (
          <a href={shown.url} download aria-label={t.openFile(shown.file_name)}>
            {shown.file_name}
          </a>
        ) : (
          t.noFile
        )}
      </p>
      <input
        id={id}
        className="pp-visually-hidden"
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-label={shown ? t.replaceFile(label) : t.chooseFile(label)}
        aria-invalid={message ? true : undefined}
        aria-describedby={fieldDescribedBy(id, null, message, `${id}-label`)}
        disabled={disabled || busy}
        onChange={(event) => void onFile(event)}
      />
      <label htmlFor={id} className={`${styles.fileButton} ${disabled || busy ? styles.fileButtonDisabled : ''}`}>
        {shown ? t.replaceFile(label) : t.chooseFile(label)}
      </label>
      {busy ? <Spinner size="sm" label={t.uploading} showLabel /> : null}
      <FieldMessages id={id} error={message} alert />
    </div>
  );
}
