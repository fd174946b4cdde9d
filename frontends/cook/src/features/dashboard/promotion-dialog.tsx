import { zodResolver } from '@hookform/resolvers/zod';
import { apiMessage, showFieldErrors } from '@popote/auth';
import { useGraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { PROMOTION_LIMITS } from '@popote/rules';
import { Button, FieldMessages, fieldDescribedBy, Notice, Spinner, TextField, toast } from '@popote/ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CookMealsDocument } from '../../graphql/meals.generated';
import { CreatePromotionDocument, MyPromotionsDocument } from '../../graphql/promotions.generated';
import ads from './ads.module.css';
import { promotionDefaults, promotionFormSchema, type PromotionFormValues, type PromotionInputValues } from './promotion-schema';
import styles from './promotions.module.css';
import { frPromotions } from './promotions-texts';

const t = frPromotions;
/** The form's fields, in their order: the BFF's `extensions.fields` for them are shown next to them. */
const FIELDS = ['name', 'code', 'value', 'meal_ids', 'min_basket_cents', 'starts_at', 'ends_at', 'max_uses', 'max_uses_per_buyer'] as const;

interface Meal {
  meal_id: string;
  name: string;
}

export interface PromotionDialogProps {
  /** The signed-in cook, whose dishes the promotion may name. */
  cookId: string;
  /** Closes the dialog (Escape, 'Annuler', or once the promotion is created). */
  onClose: () => void;
}

/**
 * 'Créer une promotion' (ADR 0045): a modal dialog (Escape and 'Annuler' close it) with the form,
 * checked by the shared rules, once the cook's dishes are there to choose from; then `createPromotion`.
 */
export function PromotionDialog({ cookId, onClose }: PromotionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const query = useQuery(CookMealsDocument, { variables: { cook_id: cookId }, requestPolicy: 'cache-and-network' });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    // A browser without modal dialogs (or jsdom) still shows it, open in the page.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  let body: ReactNode;
  if (query.data) body = <PromotionForm meals={query.data.cookMeals} onClose={onClose} />;
  else if (query.error) {
    body = (
      <Notice
        tone="error"
        message={t.mealsError}
        actions={
          <div className={ads.dialogActions}>
            <Button variant="outline" onClick={onClose}>
              {t.close}
            </Button>
            <Button onClick={() => void query.refetch()}>{t.retry}</Button>
          </div>
        }
      />
    );
  } else body = <Spinner size="lg" label={t.mealsLoading} showLabel />;

  return (
    <dialog
      ref={ref}
      className={`${ads.dialog} ${styles.dialog}`}
      aria-labelledby={titleId}
      // Escape: the browser's `cancel`, or the key itself where modal dialogs are missing.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <h2 id={titleId} className={ads.dialogTitle}>
        {t.dialogTitle}
      </h2>
      <p className={ads.muted}>{t.dialogIntro}</p>
      {body}
    </dialog>
  );
}

function PromotionForm({ meals, onClose }: { meals: readonly Meal[]; onClose: () => void }) {
  const client = useGraphQLClient();
  const [create] = useMutation(CreatePromotionDocument);
  const [formError, setFormError] = useState<string | null>(null);
  const [defaults] = useState(() => promotionDefaults(new Date()));
  const form = useForm<PromotionFormValues, unknown, PromotionInputValues>({
    resolver: zodResolver(promotionFormSchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const [kind, scope] = useWatch({ control: form.control, name: ['kind', 'scope'] });
  const id = useId();
  const dishesId = `${id}-dishes`;

  useEffect(() => form.setFocus('name'), [form]);

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await create({ variables: { input } });
    } catch (error) {
      const shown = showFieldErrors(form.setError, error, FIELDS);
      // A code already used, too many promotions, a dish that is not theirs...: the BFF's French message.
      if (!shown) setFormError(apiMessage(error, t.createError));
      return;
    }
    toast.success(t.created(input.name), { id: 'promotion-create' });
    client.refetchQueries([MyPromotionsDocument]);
    onClose();
  });

  const radio = (name: 'kind' | 'scope', value: string, label: string) => (
    <label className={styles.choice}>
      <input type="radio" value={value} {...form.register(name)} />
      {label}
    </label>
  );

  return (
    <form className={ads.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField label={t.name} hint={t.nameHint} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label={t.code}
        hint={t.codeHint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.code?.message}
        {...form.register('code')}
      />

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t.kind}</legend>
        <div className={styles.choices}>
          {radio('kind', 'percent', t.percent)}
          {radio('kind', 'amount', t.amount)}
        </div>
        <TextField
          label={kind === 'amount' ? t.amountValue : t.percentValue}
          hint={kind === 'amount' ? t.amountHint : t.percentHint}
          inputMode={kind === 'amount' ? 'decimal' : 'numeric'}
          autoComplete="off"
          error={errors.value?.message}
          {...form.register('value')}
        />
      </fieldset>

      <fieldset className={styles.group} aria-describedby={fieldDescribedBy(dishesId, null, errors.meal_ids?.message)}>
        <legend className={styles.legend}>{t.dishes}</legend>
        <div className={styles.choices}>
          {radio('scope', 'all', t.allDishes)}
          {radio('scope', 'chosen', t.chosenDishes)}
        </div>
        {scope === 'chosen' ? (
          meals.length === 0 ? (
            <p className={ads.muted}>{t.noMeals}</p>
          ) : (
            <ul className={styles.meals}>
              {meals.map((meal) => (
                <li key={meal.meal_id}>
                  <label className={styles.choice}>
                    <input type="checkbox" value={meal.meal_id} {...form.register('meal_ids')} />
                    {meal.name}
                  </label>
                </li>
              ))}
            </ul>
          )
        ) : null}
        <FieldMessages id={dishesId} error={errors.meal_ids?.message} />
        <TextField
          label={t.minBasket}
          hint={t.minBasketHint}
          inputMode="decimal"
          autoComplete="off"
          error={errors.min_basket_cents?.message}
          {...form.register('min_basket_cents')}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t.period}</legend>
        <div className={ads.fields}>
          <TextField label={t.startDate} type="date" error={errors.starts_at?.message} {...form.register('starts_at.date')} />
          <TextField label={t.startTime} type="time" {...form.register('starts_at.time')} />
          <TextField label={t.endDate} type="date" error={errors.ends_at?.message} {...form.register('ends_at.date')} />
          <TextField label={t.endTime} type="time" {...form.register('ends_at.time')} />
        </div>
      </fieldset>

      <div className={ads.fields}>
        <TextField
          label={t.maxUses}
          hint={t.maxUsesHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={PROMOTION_LIMITS.usesMax}
          step={1}
          error={errors.max_uses?.message}
          {...form.register('max_uses')}
        />
        <TextField
          label={t.perBuyer}
          type="number"
          inputMode="numeric"
          min={1}
          max={PROMOTION_LIMITS.perBuyerMax}
          step={1}
          error={errors.max_uses_per_buyer?.message}
          {...form.register('max_uses_per_buyer')}
        />
      </div>

      {formError ? (
        <p role="alert" className={ads.formError}>
          {formError}
        </p>
      ) : null}

      <div className={ads.dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
