import { useCommuneSearch, useGraphQLClient, useMutation, useQuery, type CommuneResult } from '@popote/graphql';
import { apiMessage, readApiError } from '@popote/auth';
import { Button, formatLongDate, fr, Notice, SelectField, TextField, toast } from '@popote/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PickupSettingsDocument, UpdatePickupSettingsDocument } from '../../graphql/pickup.generated';
import type { PickupSettingsData } from '../../graphql/pickup';
import { CUTOFFS, DeliverySection, WindowList } from './delivery-section';
import { checkPickupForm, deliveryFromForm, deliveryToForm, type PickupForm } from './pickup-schema';
import { Loaded, TabSection } from './tab-parts';
import pickupStyles from './pickup.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook.pickup;

/** A new cook starts from a usual evening window (to adjust), nothing saved until 'Enregistrer'; no delivery until ticked. */
const DEFAULTS: PickupForm = {
  windows: [{ weekday: 2, start: '18:00', end: '20:00' }],
  days_off: [],
  address: { street: '', postcode: '', commune_code: '' },
  cutoff_minutes: 120,
  slot_minutes: 30,
  capacity: 4,
  capacity_unit: 'orders',
  delivery: null,
};

const toForm = (s: PickupSettingsData): PickupForm => ({
  windows: s.windows.map(({ weekday, start, end }) => ({ weekday, start, end })),
  days_off: [...s.days_off],
  address: s.address
    ? { street: s.address.street, postcode: s.address.postcode, commune_code: s.address.commune_code ?? '' }
    : { street: '', postcode: '', commune_code: '' },
  cutoff_minutes: s.cutoff_minutes,
  slot_minutes: s.slot_minutes === 15 ? 15 : 30,
  capacity: s.capacity,
  capacity_unit: s.capacity_unit === 'portions' ? 'portions' : 'orders',
  delivery: s.delivery ? deliveryToForm(s.delivery) : null,
});

/**
 * 'Retrait et livraison': the cook's pick-up windows, days off, address, cutoff and capacity, and
 * delivery by the cook (ADR 0044).
 */
export function PickupTab() {
  const query = useQuery(PickupSettingsDocument, { requestPolicy: 'cache-and-network' });

  return (
    <TabSection titleId="cook-pickup-title" title={t.title}>
      <p className={pickupStyles.intro}>{t.intro}</p>
      <Loaded query={query} loadingLabel={t.loading}>
        {({ pickupSettings }) => <PickupForm key={pickupSettings ? 'saved' : 'new'} saved={pickupSettings} />}
      </Loaded>
    </TabSection>
  );
}

function PickupForm({ saved }: { saved: PickupSettingsData | null }) {
  const [form, setForm] = useState<PickupForm>(() => (saved ? toForm(saved) : DEFAULTS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dayOff, setDayOff] = useState('');
  const client = useGraphQLClient();
  const [save, { loading }] = useMutation(UpdatePickupSettingsDocument);

  const set = (patch: Partial<PickupForm>) => setForm((f) => ({ ...f, ...patch }));
  const address = form.address ?? { street: '', postcode: '', commune_code: '' };
  const setAddress = (patch: Partial<typeof address>) => {
    set({ address: { ...address, ...patch } });
    // A field typed again loses its old message (a new postcode, the commune's too).
    const stale = Object.keys(patch).flatMap((k) => (k === 'postcode' ? [k, 'commune_code'] : [k]));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !stale.some((f) => k === `address.${f}` || k === f))));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Checked here with the catalogue's rules first (same messages, under each field), then by the server.
    // Delivery switched off with fields that are not valid (hidden then): the saved delivery is kept, off.
    const savedDelivery = saved?.delivery ? deliveryFromForm(deliveryToForm(saved.delivery)) : null;
    const checked = checkPickupForm(form, savedDelivery);
    if (checked.errors) {
      setErrors(checked.errors);
      toast.error(t.invalid, { id: 'pickup-save' });
      return;
    }
    setErrors({});
    try {
      await save({ variables: { input: checked.input } });
      client.refetchQueries([PickupSettingsDocument]);
      toast.success(t.saved, { id: 'pickup-save' });
    } catch (err) {
      const fields = readApiError(err).fields;
      if (Object.keys(fields).length) {
        setErrors(fields);
        toast.error(t.invalid, { id: 'pickup-save' });
      } else toast.error(apiMessage(err, t.saveError), { id: 'pickup-save' });
    }
  };

  const addDayOff = () => {
    if (!dayOff || form.days_off.includes(dayOff)) return;
    set({ days_off: [...form.days_off, dayOff].sort() });
    setDayOff('');
  };

  return (
    <form className={pickupStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {!saved ? <Notice message={t.notSet} /> : null}

      <WindowList
        legend={t.windows}
        windows={form.windows}
        onChange={(windows) => set({ windows })}
        errors={errors}
        at="windows"
        texts={{ empty: t.noWindows, add: t.addWindow, remove: t.removeWindow, first: DEFAULTS.windows[0]! }}
      />

      <fieldset className={pickupStyles.group}>
        <legend className={pickupStyles.legend}>{t.rules}</legend>
        <div className={pickupStyles.row}>
          <SelectField
            label={t.slotMinutes}
            value={String(form.slot_minutes)}
            onChange={(e) => set({ slot_minutes: e.target.value === '15' ? 15 : 30 })}
            options={[15, 30].map((m) => ({ value: m, label: t.slotOption(m) }))}
          />
          <SelectField
            label={t.cutoff}
            value={String(form.cutoff_minutes)}
            onChange={(e) => set({ cutoff_minutes: Number(e.target.value) })}
            options={CUTOFFS.map((m) => ({ value: m, label: t.cutoffOption(m) }))}
          />
          <TextField
            label={t.capacity}
            type="number"
            min={1}
            max={100}
            value={String(form.capacity)}
            onChange={(e) => set({ capacity: Number(e.target.value) })}
            error={errors['capacity']}
          />
          <SelectField
            label={t.unit}
            value={form.capacity_unit}
            onChange={(e) => set({ capacity_unit: e.target.value === 'portions' ? 'portions' : 'orders' })}
            options={(['orders', 'portions'] as const).map((u) => ({ value: u, label: t.units[u] ?? u }))}
          />
        </div>
      </fieldset>

      <fieldset className={pickupStyles.group}>
        <legend className={pickupStyles.legend}>{t.daysOff}</legend>
        {form.days_off.length === 0 ? <p className={pickupStyles.muted}>{t.noDaysOff}</p> : null}
        <ul className={pickupStyles.daysOff}>
          {form.days_off.map((d) => (
            <li key={d} className={pickupStyles.dayOff}>
              <span>{formatLongDate(`${d}T12:00:00`)}</span>
              <Button
                variant="outline"
                size="sm"
                aria-label={t.removeDayOff(formatLongDate(`${d}T12:00:00`))}
                onClick={() => set({ days_off: form.days_off.filter((x) => x !== d) })}
              >
                ✕
              </Button>
            </li>
          ))}
        </ul>
        <div className={pickupStyles.row}>
          <TextField label={t.dayOff} type="date" value={dayOff} onChange={(e) => setDayOff(e.target.value)} error={errors['days_off']} />
          <Button variant="outline" size="sm" disabled={!dayOff} onClick={addDayOff}>
            {t.addDayOff}
          </Button>
        </div>
      </fieldset>

      <fieldset className={pickupStyles.group}>
        <legend className={pickupStyles.legend}>{t.address}</legend>
        <p className={pickupStyles.muted}>{t.addressHint}</p>
        {saved?.location ? (
          <p className={pickupStyles.muted} data-testid="pickup-public-commune">
            {t.publicCommune(saved.location.commune)}
          </p>
        ) : null}
        <TextField
          label={t.street}
          value={address.street}
          autoComplete="street-address"
          onChange={(e) => setAddress({ street: e.target.value })}
          error={errors['address.street'] ?? errors['street']}
        />
        <div className={pickupStyles.row}>
          <TextField
            label={t.postcode}
            value={address.postcode}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            onChange={(e) => setAddress({ postcode: e.target.value })}
            error={errors['address.postcode'] ?? errors['postcode']}
          />
          <CommuneOfPostcode
            postcode={address.postcode}
            value={address.commune_code}
            savedName={saved?.address?.commune_code === address.commune_code ? saved.address.city : null}
            onChange={(commune_code) => setAddress({ commune_code })}
            error={errors['address.commune_code'] ?? errors['commune_code']}
          />
        </div>
      </fieldset>

      <DeliverySection value={form.delivery} onChange={(delivery) => set({ delivery })} errors={errors} />

      <div>
        <Button type="submit" variant="primary" loading={loading}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * The commune of the address, chosen among the postcode's (French communes dataset, ADR 0010): the
 * list follows the postcode typed, one commune is chosen at once, an unknown postcode says so.
 */
function CommuneOfPostcode({
  postcode,
  value,
  savedName,
  onChange,
  error,
}: {
  postcode: string;
  value: string;
  savedName: string | null;
  onChange: (code: string) => void;
  error: string | undefined;
}) {
  const search = useCommuneSearch(20);
  const [found, setFound] = useState<{ postcode: string; communes: CommuneResult[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const complete = /^\d{5}$/.test(postcode.trim());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;

  useEffect(() => {
    if (!complete) return undefined;
    let live = true;
    const cp = postcode.trim();
    search(cp).then(
      (communes) => {
        if (!live) return;
        const matching = communes.filter((c) => c.postcodes.includes(cp));
        // Paris, Lyon and Marseille: the arrondissement, not the whole city ("Lyon" beside "Lyon 3e Arrondissement").
        const ofPostcode = matching.filter((c) => !matching.some((o) => o !== c && o.name.startsWith(`${c.name} `)));
        setFound({ postcode: cp, communes: ofPostcode });
        setFailed(false);
        // One commune for this postcode: chosen at once; a commune of another postcode is dropped.
        if (ofPostcode.length === 1) onChangeRef.current(ofPostcode[0]!.code);
        else if (!ofPostcode.some((c) => c.code === valueRef.current)) onChangeRef.current('');
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [complete, postcode, search]);

  const communes = complete && found?.postcode === postcode.trim() ? found.communes : [];
  const unknown = complete && found?.postcode === postcode.trim() && communes.length === 0;
  const options =
    communes.some((c) => c.code === value) || !value
      ? communes
      : [...communes, { code: value, name: savedName ?? value, postcodes: [], has_position: true }];
  return (
    <SelectField
      label={t.commune}
      value={value}
      disabled={!complete && !value}
      onChange={(e) => onChange(e.target.value)}
      hint={!complete ? t.communeHint : undefined}
      error={error ?? (unknown ? t.postcodeUnknown : failed ? t.communesError : undefined)}
      options={options.map((c) => ({
        value: c.code,
        label: c.has_position ? c.name : `${c.name} (${fr.near.noPosition})`,
        disabled: !c.has_position,
      }))}
    >
      <option value="">{t.communeChoose}</option>
    </SelectField>
  );
}
