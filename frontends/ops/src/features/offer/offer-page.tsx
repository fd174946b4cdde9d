import { apiMessage } from '@popote/auth';
import { useMutation, useQuery } from '@popote/graphql';
import { Button, FieldMessages, fieldDescribedBy, formatPrice, QueryState, Section, TextAreaField, TextField, toast } from '@popote/ui';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConsolePage } from '../../layout/console-page';
import { formatParisDateTime } from '../reports/format';
import { Fact } from '../shared/fact';
import { CountedHint, FormError } from '../shared/form-parts';
import { centsToEuros, offerCents, offerMinimumError, offerReasonError, offerValueError } from './offer-forms';
import { OFFER_REASON_MAX, offerFr as t } from './offer-texts';
import {
  PlatformOfferDocument,
  SetPlatformOfferDocument,
  type PlatformOfferFieldsFragment,
  type SetPlatformOfferMutation,
} from './offer.generated';
import styles from './offer.module.css';

type Offer = PlatformOfferFieldsFragment;
type OfferState = keyof typeof t.states;
const STATES = Object.keys(t.states) as OfferState[];

const count = new Intl.NumberFormat('fr-FR');

/** The offer as it is: its state ('Jamais activée' when never set), its settings, its figures, its last change. */
function OfferSummary({ offer }: { offer: Offer | null }) {
  return (
    <Section title={t.current} classNames={{ section: styles.block }}>
      <dl className={styles.facts} data-testid="offer-facts">
        <Fact term={t.status}>
          <span className={styles.status}>{offer ? (t.statuses[offer.state] ?? offer.state) : t.never}</span>
        </Fact>
        {offer ? (
          <>
            <Fact term={t.value}>{formatPrice(offer.value_cents)}</Fact>
            <Fact term={t.minimum}>{offer.min_basket_cents > 0 ? formatPrice(offer.min_basket_cents) : t.noMinimum}</Fact>
            <Fact term={t.uses}>{count.format(offer.uses)}</Fact>
            <Fact term={t.given}>{formatPrice(offer.discount_given_cents)}</Fact>
            <Fact term={t.updatedAt}>
              <time dateTime={offer.updated_at}>{formatParisDateTime(offer.updated_at)}</time>
            </Fact>
          </>
        ) : null}
      </dl>
      {offer ? null : <p className={styles.muted}>{t.neverLead}</p>}
    </Section>
  );
}

interface OfferValues {
  value: string;
  minimum: string;
  state: OfferState;
  reason: string;
}

/** The form's values for an offer: its settings (an offer never set: empty amounts, 'Active'), no reason. */
const valuesOf = (offer: Offer | null): OfferValues => ({
  value: offer ? centsToEuros(offer.value_cents) : '',
  minimum: offer ? centsToEuros(offer.min_basket_cents) : '',
  state: offer?.state === 'paused' ? 'paused' : 'active',
  reason: '',
});

/**
 * 'Modifier l’offre': the amount and the minimum in euros ('5', '7,50'), active or paused, and the
 * reason (required: the BFF writes it to the journal before the change). Checked here with the
 * services' bounds and messages; a refusal is said as the BFF words it. Saved: the summary shows the
 * answer (its figures read again), the form keeps the new settings and forgets the reason.
 */
function OfferForm({ offer }: { offer: Offer | null }) {
  const [save] = useMutation(SetPlatformOfferDocument, {
    // The answer is the offer with its figures: the page's query reads it (null before a first setting).
    update: (cache, { data }: { data: SetPlatformOfferMutation }) => {
      const platformOffer = { __typename: 'PlatformOffer' as const, ...data.setPlatformOffer };
      cache.updateQuery({ query: PlatformOfferDocument }, (current) => ({ ...current, platformOffer }));
    },
  });
  const form = useForm<OfferValues>({ defaultValues: valuesOf(offer) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const statesId = useId();

  // Changed elsewhere meanwhile (another operator, the answer read again): shown, unless being edited.
  const { reset } = form;
  const changedAt = offer?.updated_at;
  useEffect(() => {
    if (!isDirty) reset(valuesOf(offer));
  }, [changedAt]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const input = {
      value_cents: offerCents(values.value) ?? 0,
      min_basket_cents: offerCents(values.minimum) ?? 0,
      state: values.state,
      reason: values.reason.trim(),
    };
    let saved: Offer;
    try {
      const { data } = await save({ variables: { input } });
      saved = data.setPlatformOffer;
    } catch (error) {
      // The bounds and the reason are the services' words: said in the form, announced.
      setFormError(apiMessage(error, t.saveError));
      return;
    }
    form.reset(valuesOf(saved));
    toast.success(t.saved, { id: 'platform-offer' });
  });

  return (
    <Section title={t.change} classNames={{ section: styles.block }}>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={styles.amounts}>
          <TextField
            label={t.valueLabel}
            hint={t.valueHint}
            inputMode="decimal"
            autoComplete="off"
            error={errors.value?.message}
            {...form.register('value', { validate: offerValueError })}
          />
          <TextField
            label={t.minimumLabel}
            hint={t.minimumHint}
            inputMode="decimal"
            autoComplete="off"
            error={errors.minimum?.message}
            {...form.register('minimum', { validate: offerMinimumError })}
          />
        </div>
        <fieldset className={styles.choices} aria-describedby={fieldDescribedBy(statesId, t.stateHint, null)}>
          <legend className={styles.legend}>{t.state}</legend>
          {STATES.map((state) => (
            <label key={state} className={styles.choice}>
              <input type="radio" value={state} {...form.register('state')} />
              {t.states[state]}
            </label>
          ))}
          <FieldMessages id={statesId} hint={t.stateHint} />
        </fieldset>
        <TextAreaField
          label={t.reason}
          rows={3}
          maxLength={OFFER_REASON_MAX}
          hint={<CountedHint hint={t.reasonHint} length={reason.length} max={OFFER_REASON_MAX} />}
          error={errors.reason?.message}
          {...form.register('reason', { validate: offerReasonError })}
        />
        <FormError message={formError} />
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            {t.submit}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/**
 * 'Offre de bienvenue' (ADR 0045): the platform's first-order offer — cents off a buyer's first paid
 * checkout from a minimum of dishes, on the part of the cook with the most dishes, funded by the
 * platform (the cook is paid the full price). Its state and figures, then the form that sets it.
 */
export function OfferPage() {
  const { data, error, refetch } = useQuery(PlatformOfferDocument, { requestPolicy: 'cache-and-network' });

  return (
    <ConsolePage title={t.title} lead={t.lead}>
      {!data ? (
        <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />
      ) : (
        <>
          <OfferSummary offer={data.platformOffer} />
          <OfferForm offer={data.platformOffer} />
        </>
      )}
    </ConsolePage>
  );
}
