import { useGraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { apiMessage, readApiError } from '@popote/auth';
import { Button, buttonClassName, formatPrice, Spinner, toast } from '@popote/ui';
import type { FulfilmentMode } from '@popote/rules';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from '@popote/router';
import { Amounts, type AmountLine } from '../../components/amounts';
import { SimplePage } from '../../pages/simple-page';
import { clearCheckoutSession, readCheckoutSession, type CheckoutSession } from '../cart/checkout-session';
import { refreshCart } from '../cart/use-cart';
import type { DeliveryAddressInput } from '../../generated/types';
import { CreatePaymentIntentDocument, MyDeliveryAddressDocument } from './graphql/checkout.generated';
import type { CheckoutData, DiscountData } from './graphql/checkout';
import styles from './checkout-page.module.css';
import { centsOf, estimatedDiscountLine, feeLine } from './amount-lines';
import { CheckoutForm } from './checkout-form';
import {
  checkDeliveryAddress,
  EMPTY_DELIVERY_ADDRESS,
  serverAddressErrors,
  type DeliveryAddressErrors,
  type DeliveryAddressForm,
} from './delivery-address';
import { DeliveryAddressFields } from './delivery-address-form';
import { PromoCodeField } from './promo-code-field';
import { CookSlotPicker, cookParts, deliveryFeeOf, ModeChoice, type CookPart, type DeliveryOffer } from './slot-picker';
import { SlotsCard } from './slots-card';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.checkout;
const ts = frOrders.slots;

/** To /orders 2 s after a successful payment. */
export const REDIRECT_AFTER_PAYMENT_MS = 2000;

export interface OrdersLocationState {
  /** The checkout just paid: /orders waits for its orders, which appear a moment later. */
  checkoutId?: string;
}

// Signed-in only (the shell's guard).
export function CheckoutPage() {
  const navigate = useNavigate();
  // Read once: what 'Procéder au paiement' stored for this browser tab.
  const [read] = useState(() => readCheckoutSession());

  useEffect(() => {
    if (read.status === 'ok') return;
    toast.error(read.status === 'unreadable' ? t.parseError : t.invalidData, { id: 'checkout-data' });
    navigate('/cart', { replace: true });
  }, [read, navigate]);

  return <SimplePage title={t.title}>{read.status === 'ok' ? <Checkout session={read.session} /> : <Spinner size="lg" />}</SimplePage>;
}

function Checkout({ session }: { session: CheckoutSession }) {
  const navigate = useNavigate();
  const client = useGraphQLClient();
  const parts = useMemo(() => cookParts(session.cartItems), [session]);
  // Step 1: per cook, pick-up or delivery (when the cook delivers, ADR 0044) and a slot; step 2: the
  // card (the slots are held meanwhile).
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [modes, setModes] = useState<Record<string, FulfilmentMode>>({});
  const [offers, setOffers] = useState<Record<string, DeliveryOffer | null>>({});
  // One address for every delivery of the checkout: in this page's state only (personal data).
  const [address, setAddress] = useState<DeliveryAddressForm>(EMPTY_DELIVERY_ADDRESS);
  const [addressErrors, setAddressErrors] = useState<DeliveryAddressErrors>({});
  const [unavailable, setUnavailable] = useState<Record<string, boolean>>({});
  // The codes applied, per cook (ADR 0045): what each takes off, as the server previewed it.
  const [codes, setCodes] = useState<Record<string, DiscountData>>({});
  const [refreshKey, setRefreshKey] = useState(0);
  const [createIntent, { data, error, loading }] = useMutation(CreatePaymentIntentDocument);
  const [paid, setPaid] = useState<CheckoutData | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  // The address of the buyer's last delivery, kept in their profile (ADR 0044): offered while nothing is typed.
  const { data: remembered } = useQuery(MyDeliveryAddressDocument, { requestPolicy: 'network-only' });
  useEffect(() => {
    const saved = remembered?.myDeliveryAddress;
    if (!saved) return;
    setAddress((typed) =>
      typed === EMPTY_DELIVERY_ADDRESS
        ? {
            street: saved.street,
            complement: saved.complement,
            postcode: saved.postcode,
            commune_code: saved.commune_code,
            phone: saved.phone,
            instructions: saved.instructions,
          }
        : typed,
    );
  }, [remembered]);

  // A cook who stopped delivering meanwhile is picked up from.
  const modeOf = (part: CookPart): FulfilmentMode => (offers[part.cook_id] ? (modes[part.cook_id] ?? 'pickup') : 'pickup');
  const allChosen = parts.every((p) => !!chosen[p.cook_id]);
  const blocked = parts.some((p) => unavailable[p.cook_id]);
  const anyOffer = parts.some((p) => !!offers[p.cook_id]);
  const delivered = parts.filter((p) => modeOf(p) === 'delivery');
  const applied = parts.flatMap((p) => (codes[p.cook_id] ? [codes[p.cook_id]!] : []));

  const start = () => {
    let deliveryAddress: DeliveryAddressInput | null = null;
    if (delivered.length > 0) {
      // Checked here with the rules the server applies (same French messages, under each field).
      const checked = checkDeliveryAddress(address);
      if (checked.errors) {
        setAddressErrors(checked.errors);
        toast.error(t.addressInvalid, { id: 'checkout-address' });
        return;
      }
      setAddressErrors({});
      deliveryAddress = checked.input;
    }
    const slots = parts.map((p) => ({ cook_id: p.cook_id, start: chosen[p.cook_id] ?? '', mode: modeOf(p) }));
    // The server applies the codes again, or refuses the whole checkout with the French reason.
    const promoCodes = applied.map((d) => ({ cook_id: d.cook_id, code: d.code ?? '' }));
    const variables = {
      slots,
      ...(deliveryAddress ? { delivery_address: deliveryAddress } : {}),
      ...(promoCodes.length > 0 ? { promo_codes: promoCodes } : {}),
    };
    createIntent({ variables }).catch((err: unknown) => {
      // Shown from the mutation's error state (the address's field messages under its fields, a code's
      // refusal with the others); the slots are offered again as they are now.
      setAddressErrors(serverAddressErrors(readApiError(err).fields));
      setRefreshKey((k) => k + 1);
    });
  };

  const onPaid = (checkout: CheckoutData) => {
    setPaid(checkout);
    toast.dismiss('checkout-payment');
    toast.success(t.success, { id: 'checkout-success' });
    clearCheckoutSession();
    // The server empties the cart once the orders exist (asynchronously): ask now and again.
    void refreshCart(client);
    timers.current.push(setTimeout(() => void refreshCart(client), REDIRECT_AFTER_PAYMENT_MS - 500));
    timers.current.push(
      setTimeout(() => {
        const state: OrdersLocationState = { checkoutId: checkout.checkout_id };
        navigate('/orders', { state });
      }, REDIRECT_AFTER_PAYMENT_MS),
    );
  };

  const choose = useCallback((cookId: string, slot: string) => setChosen((c) => (c[cookId] === slot ? c : { ...c, [cookId]: slot })), []);
  const markUnavailable = useCallback(
    (cookId: string, value: boolean) => setUnavailable((u) => (u[cookId] === value ? u : { ...u, [cookId]: value })),
    [],
  );
  const keepOffer = useCallback(
    (cookId: string, offer: DeliveryOffer | null) => setOffers((o) => (o[cookId] === offer ? o : { ...o, [cookId]: offer })),
    [],
  );
  const applyCode = (cookId: string, discount: DiscountData | null) =>
    setCodes((c) => (discount ? { ...c, [cookId]: discount } : Object.fromEntries(Object.entries(c).filter(([k]) => k !== cookId))));
  const chooseMode = (cookId: string, mode: FulfilmentMode) => {
    setModes((m) => ({ ...m, [cookId]: mode }));
    // The slots of the other way are other slots.
    choose(cookId, '');
  };
  const editAddress = (patch: Partial<DeliveryAddressForm>) => {
    setAddress((a) => ({ ...a, ...patch }));
    // A field typed again loses its old message (a new postcode, the commune's too).
    const stale = Object.keys(patch).flatMap((k) => (k === 'postcode' ? [k, 'commune_code'] : [k]));
    setAddressErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !stale.includes(k))));
  };

  if (paid) {
    return (
      <section className={styles.success} role="status" aria-labelledby="checkout-success-title">
        <span className={styles.successIcon} aria-hidden="true">
          ✓
        </span>
        <h2 id="checkout-success-title" className={styles.successTitle}>
          {t.successTitle}
        </h2>
        <p>{t.success}</p>
        <p className={styles.muted}>{t.successBody}</p>
        <p className={styles.successAmount}>{formatPrice(paid.amount_cents)}</p>
      </section>
    );
  }

  const intent = data?.createPaymentIntent;
  if (intent) return <CheckoutForm intent={intent} session={session} parts={parts} onPaid={onPaid} />;

  // What the buyer is about to pay, the cooks' fees and the codes' discounts included (the server
  // computes it again, with any automatic promotion and the first-order offer, ADR 0045).
  const fees = delivered.map((p) => ({ part: p, cents: deliveryFeeOf(offers[p.cook_id]!, p) }));
  const estimate: AmountLine[] = [
    { label: t.dishes, cents: session.total },
    ...(delivered.length < parts.length ? [{ label: t.pickup, cents: 0, tone: 'muted' as const }] : []),
    ...fees.map(({ part, cents }) => feeLine(part.cook_name, cents)),
    ...applied.map(estimatedDiscountLine),
    { label: t.total, cents: session.total + fees.reduce((sum, f) => sum + f.cents, 0) - centsOf(applied), tone: 'total' },
  ];

  return (
    <SlotsCard
      titleId="checkout-slots-title"
      title={anyOffer ? t.slotsTitle : ts.title}
      intro={anyOffer ? t.slotsIntro : ts.intro}
      error={error && !loading ? apiMessage(error, t.intentError) : null}
      actions={
        <>
          <Button variant="primary" size="lg" disabled={!allChosen || blocked} loading={loading} onClick={start}>
            {ts.continue}
          </Button>
          <Link to="/cart" className={buttonClassName({ variant: 'outline' })}>
            {t.backToCart}
          </Link>
        </>
      }
      hint={!allChosen && !blocked ? ts.choose : null}
    >
      {parts.map((part) => {
        const offer = offers[part.cook_id];
        const mode = modeOf(part);
        return (
          <CookSlotPicker
            key={part.cook_id}
            part={part}
            mode={mode}
            communeCode={address.commune_code || null}
            value={chosen[part.cook_id] ?? null}
            onChange={(slot) => choose(part.cook_id, slot)}
            refreshKey={refreshKey}
            onUnavailable={(value) => markUnavailable(part.cook_id, value)}
            onOffer={(value) => keepOffer(part.cook_id, value)}
            choice={offer ? <ModeChoice part={part} offer={offer} mode={mode} onChange={(m) => chooseMode(part.cook_id, m)} /> : null}
            promo={
              <PromoCodeField
                cookId={part.cook_id}
                applied={codes[part.cook_id] ?? null}
                onApplied={(discount) => applyCode(part.cook_id, discount)}
                onRemoved={() => applyCode(part.cook_id, null)}
                disabled={loading}
              />
            }
          />
        );
      })}
      {delivered.length > 0 ? (
        <DeliveryAddressFields value={address} onChange={editAddress} errors={addressErrors} disabled={loading} />
      ) : null}
      {anyOffer || applied.length > 0 ? <Amounts lines={estimate} /> : null}
    </SlotsCard>
  );
}
