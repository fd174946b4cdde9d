import { useMutation } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import { Button, toast } from '@popote/ui';
import { useCallback, useState } from 'react';
import { frOrders } from '@popote/ui/fr-orders';
import { ChangeCheckoutSlotDocument } from './graphql/checkout.generated';
import type { CheckoutData } from './graphql/checkout';
import { CookSlotPicker, type CookPart } from './slot-picker';
import { SlotLine, SlotsCard } from './slots-card';

const ts = frOrders.slots;

/**
 * Changing the slot of one or more cooks before paying: each change holds the new slot and gives the
 * old place back at once, on the server (the checkout and its payment stay the same). A slot of the
 * same way only (pick-up or delivery, to the checkout's address): another way would change the amount.
 */
export function ChangeSlots({
  checkout,
  parts,
  onChanged,
  onClose,
}: {
  checkout: CheckoutData;
  parts: CookPart[];
  onChanged: (checkout: CheckoutData) => void;
  onClose: () => void;
}) {
  const heldOf = (cookId: string) => checkout.slots.find((s) => s.cook_id === cookId)?.start ?? '';
  const modeOf = (cookId: string) => (checkout.slots.find((s) => s.cook_id === cookId)?.mode === 'delivery' ? 'delivery' : 'pickup');
  const [chosen, setChosen] = useState<Record<string, string>>(() => Object.fromEntries(parts.map((p) => [p.cook_id, heldOf(p.cook_id)])));
  const [refreshKey, setRefreshKey] = useState(0);
  const [changeSlot, { error, loading }] = useMutation(ChangeCheckoutSlotDocument);
  const choose = useCallback((cookId: string, slot: string) => setChosen((c) => ({ ...c, [cookId]: slot })), []);
  const noop = useCallback(() => undefined, []);
  const changes = parts.filter((p) => chosen[p.cook_id] && chosen[p.cook_id] !== heldOf(p.cook_id));

  const confirm = async () => {
    try {
      for (const p of changes) {
        const res = await changeSlot({
          variables: {
            checkout_id: checkout.checkout_id,
            slot: { cook_id: p.cook_id, start: chosen[p.cook_id] ?? '', mode: modeOf(p.cook_id) },
          },
        });
        // Each change the server made shows at once, even if a later one is refused.
        if (res.data) onChanged(res.data.changeCheckoutSlot);
      }
      toast.success(ts.changed, { id: 'checkout-slot-changed' });
      onClose();
    } catch {
      // Shown from the mutation's error state; the slots are offered again as they are now.
      setRefreshKey((k) => k + 1);
    }
  };

  return (
    <SlotsCard
      titleId="checkout-change-title"
      title={ts.change}
      intro={ts.changeIntro}
      error={error && !loading ? apiMessage(error, ts.changeError) : null}
      actions={
        <>
          <Button variant="primary" disabled={!changes.length} loading={loading} onClick={() => void confirm()}>
            {ts.changeConfirm}
          </Button>
          <Button variant="outline" disabled={loading} onClick={onClose}>
            {ts.changeCancel}
          </Button>
        </>
      }
      hint={!changes.length ? ts.changeNone : null}
    >
      {parts.map((part) => (
        <div key={part.cook_id}>
          <SlotLine slot={checkout.slots.find((s) => s.cook_id === part.cook_id)} />
          <CookSlotPicker
            part={part}
            mode={modeOf(part.cook_id)}
            communeCode={checkout.delivery_address?.commune_code ?? null}
            value={chosen[part.cook_id] ?? null}
            onChange={(slot) => choose(part.cook_id, slot)}
            refreshKey={refreshKey}
            onUnavailable={noop}
          />
        </div>
      ))}
    </SlotsCard>
  );
}
