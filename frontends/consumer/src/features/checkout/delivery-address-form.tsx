import { useCommuneSearch, type CommuneResult } from '@popote/graphql';
import { fr, SelectField, TextAreaField, TextField } from '@popote/ui';
import { DELIVERY_ADDRESS_LIMITS } from '@popote/rules';
import { useEffect, useRef, useState } from 'react';
import { frOrders } from '@popote/ui/fr-orders';
import type { DeliveryAddressErrors, DeliveryAddressForm } from './delivery-address';
import styles from './checkout-page.module.css';

const t = frOrders.checkout;

/**
 * Where the deliveries of this checkout go (ADR 0044), asked once whatever the number of cooks who
 * deliver: street, complement, postcode then its commune (from the communes list), a phone for the
 * cook and instructions. The commune chosen is what the cooks' delivery slots are asked for.
 */
export function DeliveryAddressFields({
  value,
  onChange,
  errors,
  disabled = false,
}: {
  value: DeliveryAddressForm;
  onChange: (patch: Partial<DeliveryAddressForm>) => void;
  errors: DeliveryAddressErrors;
  disabled?: boolean;
}) {
  return (
    <fieldset className={styles.address} data-testid="checkout-delivery-address" disabled={disabled}>
      <legend className={styles.cookName}>{t.addressTitle}</legend>
      <p className={styles.muted}>{t.addressIntro}</p>
      <TextField
        label={t.street}
        name="street"
        autoComplete="street-address"
        maxLength={DELIVERY_ADDRESS_LIMITS.street}
        value={value.street}
        onChange={(e) => onChange({ street: e.target.value })}
        error={errors.street}
      />
      <TextField
        label={t.complement}
        name="complement"
        autoComplete="address-line2"
        maxLength={DELIVERY_ADDRESS_LIMITS.complement}
        value={value.complement}
        onChange={(e) => onChange({ complement: e.target.value })}
        hint={t.complementHint}
        error={errors.complement}
      />
      <div className={styles.postcodeRow}>
        <TextField
          label={t.postcode}
          name="postal-code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={value.postcode}
          onChange={(e) => onChange({ postcode: e.target.value })}
          error={errors.postcode}
        />
        <CommuneOfPostcode
          postcode={value.postcode}
          value={value.commune_code}
          onChange={(commune_code) => onChange({ commune_code })}
          error={errors.commune_code}
        />
      </div>
      <TextField
        label={t.phone}
        name="tel"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={value.phone}
        onChange={(e) => onChange({ phone: e.target.value })}
        hint={t.phoneHint}
        error={errors.phone}
      />
      <TextAreaField
        label={t.instructions}
        name="instructions"
        rows={2}
        maxLength={DELIVERY_ADDRESS_LIMITS.instructions}
        value={value.instructions}
        onChange={(e) => onChange({ instructions: e.target.value })}
        hint={t.instructionsHint}
        error={errors.instructions}
      />
    </fieldset>
  );
}

/**
 * The commune of the address, chosen among the postcode's (French communes dataset, ADR 0010), as
 * the cook's pick-up form does: the list follows the postcode typed, a postcode of one commune
 * chooses it at once, an unknown postcode says so. A commune without a position cannot be measured
 * against a delivery radius: offered, not choosable.
 */
function CommuneOfPostcode({
  postcode,
  value,
  onChange,
  error,
}: {
  postcode: string;
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
}) {
  const search = useCommuneSearch(20);
  const [found, setFound] = useState<{ postcode: string; communes: CommuneResult[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const cp = postcode.trim();
  const complete = /^\d{5}$/.test(cp);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;

  useEffect(() => {
    if (!complete) {
      // A postcode typed again: the commune of the old one goes.
      if (valueRef.current) onChangeRef.current('');
      return undefined;
    }
    let live = true;
    search(cp).then(
      (communes) => {
        if (!live) return;
        const matching = communes.filter((c) => c.postcodes.includes(cp));
        // Paris, Lyon and Marseille: the arrondissement, not the whole city ("Lyon" beside "Lyon 3e Arrondissement").
        const ofPostcode = matching.filter((c) => !matching.some((o) => o !== c && o.name.startsWith(`${c.name} `)));
        setFound({ postcode: cp, communes: ofPostcode });
        setFailed(false);
        const choosable = ofPostcode.filter((c) => c.has_position);
        // One commune for this postcode: chosen at once; a commune of another postcode is dropped.
        if (choosable.length === 1 && ofPostcode.length === 1) onChangeRef.current(choosable[0]!.code);
        else if (!choosable.some((c) => c.code === valueRef.current)) onChangeRef.current('');
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [complete, cp, search]);

  const communes = complete && found?.postcode === cp ? found.communes : [];
  const unknown = complete && found?.postcode === cp && communes.length === 0;
  return (
    <SelectField
      label={t.commune}
      name="commune"
      value={value}
      disabled={!complete}
      onChange={(e) => onChange(e.target.value)}
      hint={!complete ? t.communeHint : undefined}
      error={error ?? (unknown ? t.postcodeUnknown : failed ? t.communesError : undefined)}
      options={communes.map((c) => ({
        value: c.code,
        label: c.has_position ? c.name : `${c.name} (${fr.near.noPosition})`,
        disabled: !c.has_position,
      }))}
    >
      <option value="">{t.communeChoose}</option>
    </SelectField>
  );
}
