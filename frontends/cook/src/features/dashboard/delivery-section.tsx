import { Button, FieldMessages, fieldDescribedBy, SelectField, TextField } from '@popote/ui';
import { frCook } from '@popote/ui/fr-cook';
import { DELIVERY_LIMITS, DELIVERY_SLOT_LENGTHS, PICKUP_LIMITS } from '@popote/rules';
import { useId } from 'react';
import { DELIVERY_DEFAULTS, deliveryToForm, type DeliveryForm, type PickupForm } from './pickup-schema';
import pickupStyles from './pickup.module.css';

const t = frCook.cook.pickup;
export const WEEKDAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];
/** When orders close before a slot, pick-up and delivery alike. */
export const CUTOFFS = [0, 30, 60, 120, 240, 720, 1440, 2880];

type Window = PickupForm['windows'][number];

/**
 * A list of weekly windows (a day, from, to) the cook adds to and removes from: the pick-up ones and
 * the delivery ones. `errors` are the form's, keyed under `at` ('windows', 'delivery.windows').
 */
export function WindowList({
  legend,
  windows,
  onChange,
  errors,
  at,
  texts,
  className = pickupStyles.group,
}: {
  legend: string;
  windows: Window[];
  onChange: (windows: Window[]) => void;
  errors: Record<string, string>;
  at: string;
  texts: { empty: string; add: string; remove: (label: string) => string; first: Window };
  className?: string | undefined;
}) {
  const id = useId();
  const listError = errors[at];
  const setWindow = (i: number, patch: Partial<Window>) => onChange(windows.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  return (
    <fieldset className={className} aria-describedby={fieldDescribedBy(id, null, listError)}>
      <legend className={pickupStyles.legend}>{legend}</legend>
      {windows.length === 0 ? <p className={pickupStyles.muted}>{texts.empty}</p> : null}
      <ul className={pickupStyles.windows}>
        {windows.map((w, i) => (
          <li key={i} className={pickupStyles.window}>
            <SelectField
              label={t.weekday}
              value={String(w.weekday)}
              onChange={(e) => setWindow(i, { weekday: Number(e.target.value) })}
              options={WEEKDAYS.map((day, d) => ({ value: d + 1, label: day }))}
              error={errors[`${at}.${i}.weekday`]}
            />
            {(['start', 'end'] as const).map((edge) => (
              <TextField
                key={edge}
                label={t[edge]}
                type="time"
                step={900}
                value={w[edge]}
                onChange={(e) => setWindow(i, { [edge]: e.target.value })}
                error={errors[`${at}.${i}.${edge}`]}
              />
            ))}
            <Button
              variant="outline"
              size="sm"
              aria-label={texts.remove(`${WEEKDAYS[w.weekday - 1] ?? ''} ${w.start}–${w.end}`)}
              onClick={() => onChange(windows.filter((_, j) => j !== i))}
            >
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        size="sm"
        disabled={windows.length >= PICKUP_LIMITS.windows}
        onClick={() => onChange([...windows, { ...(windows.at(-1) ?? texts.first) }])}
      >
        {texts.add}
      </Button>
      <FieldMessages id={id} error={listError} />
    </fieldset>
  );
}

/**
 * 'Livraison' (ADR 0044): the cook delivers, within a radius of the pick-up commune, in windows of
 * their own. Ticked the first time, it is filled with defaults; unticked, what was typed is kept
 * (sent with `enabled: false`) and its fields are hidden.
 */
export function DeliverySection({
  value,
  onChange,
  errors,
}: {
  value: DeliveryForm | null;
  onChange: (delivery: DeliveryForm) => void;
  errors: Record<string, string>;
}) {
  const checkId = useId();
  // (The server's messages name the last field only, `radius_km`: those no pick-up field shares land here too.)
  const enabledError = errors['delivery.enabled'];
  const set = (patch: Partial<DeliveryForm>) => value && onChange({ ...value, ...patch });
  return (
    <fieldset className={pickupStyles.group} data-testid="pickup-delivery">
      <legend className={pickupStyles.legend}>{t.delivery}</legend>
      <div className={pickupStyles.check}>
        <input
          id={checkId}
          type="checkbox"
          checked={value?.enabled ?? false}
          onChange={(e) => onChange(value ? { ...value, enabled: e.target.checked } : deliveryToForm(DELIVERY_DEFAULTS))}
          aria-invalid={enabledError ? true : undefined}
          aria-describedby={fieldDescribedBy(checkId, t.deliveryHint, enabledError)}
        />
        <label htmlFor={checkId}>{t.deliveryOffer}</label>
      </div>
      <FieldMessages id={checkId} hint={t.deliveryHint} error={enabledError} />

      {value?.enabled ? (
        <>
          <div className={pickupStyles.row}>
            <TextField
              label={t.radius}
              type="number"
              min={DELIVERY_LIMITS.radiusMinKm}
              max={DELIVERY_LIMITS.radiusMaxKm}
              step={1}
              value={Number.isNaN(value.radius_km) ? '' : String(value.radius_km)}
              onChange={(e) => set({ radius_km: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
              hint={t.radiusHint}
              error={errors['delivery.radius_km'] ?? errors['radius_km']}
            />
            <TextField
              label={t.fee}
              inputMode="decimal"
              autoComplete="off"
              value={value.fee}
              onChange={(e) => set({ fee: e.target.value })}
              hint={t.feeHint}
              error={errors['delivery.fee_cents'] ?? errors['fee_cents']}
            />
            <TextField
              label={t.freeAbove}
              inputMode="decimal"
              autoComplete="off"
              value={value.free_above}
              onChange={(e) => set({ free_above: e.target.value })}
              hint={t.freeAboveHint}
              error={errors['delivery.free_above_cents'] ?? errors['free_above_cents']}
            />
          </div>

          <WindowList
            legend={t.deliveryWindows}
            className={pickupStyles.subgroup}
            windows={value.windows}
            onChange={(windows) => set({ windows })}
            errors={errors}
            at="delivery.windows"
            texts={{
              empty: t.noDeliveryWindows,
              add: t.addDeliveryWindow,
              remove: t.removeDeliveryWindow,
              first: DELIVERY_DEFAULTS.windows[0]!,
            }}
          />

          <fieldset className={pickupStyles.subgroup}>
            <legend className={pickupStyles.legend}>{t.deliveryRules}</legend>
            <div className={pickupStyles.row}>
              <SelectField
                label={t.slotMinutes}
                value={String(value.slot_minutes)}
                onChange={(e) => set({ slot_minutes: e.target.value === '60' ? 60 : 30 })}
                options={DELIVERY_SLOT_LENGTHS.map((m) => ({ value: m, label: t.slotOption(m) }))}
                error={errors['delivery.slot_minutes']}
              />
              <SelectField
                label={t.cutoff}
                value={String(value.cutoff_minutes)}
                onChange={(e) => set({ cutoff_minutes: Number(e.target.value) })}
                options={CUTOFFS.map((m) => ({ value: m, label: t.cutoffOption(m) }))}
                error={errors['delivery.cutoff_minutes']}
              />
              <TextField
                label={t.deliveryCapacity}
                type="number"
                min={1}
                max={PICKUP_LIMITS.capacityMax}
                step={1}
                value={Number.isNaN(value.capacity) ? '' : String(value.capacity)}
                onChange={(e) => set({ capacity: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                hint={t.deliveryCapacityHint}
                error={errors['delivery.capacity']}
              />
            </div>
          </fieldset>
        </>
      ) : null}
    </fieldset>
  );
}
