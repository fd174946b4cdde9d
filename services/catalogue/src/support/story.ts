import { formatPickupSlot, storyOf, type StoryEntry } from '@popote/contracts';
import type { StockApplication } from '../meals/meal.schema';
import type { SlotHold } from '../slots/slot.schema';

/** Why the stock worker refused an order (stockApplications.reason), as the console says it. */
export const REFUSAL_LABELS: Readonly<Record<NonNullable<StockApplication['reason']>, string>> = {
  meal_not_found: 'Plat introuvable (supprimé ou retiré de la vente)',
  insufficient_stock: 'Plus assez de portions',
  slot_full: 'Créneau complet ou déjà commencé',
};

/** A reservation as its story reads it (what a point read by id returns). */
export type HoldRead = Pick<SlotHold, '_id' | 'checkout_id' | 'start' | 'end' | 'amount' | 'expires_at' | 'state' | 'lines'> & {
  created_at?: Date;
  updated_at?: Date;
};

const parisTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });
const iso = (d: Date | string) => new Date(d).toISOString();
const entry = storyOf('catalogue');
const RELEASED: readonly SlotHold['state'][] = ['requested', 'refused', 'released'];

/**
 * What the catalogue tells of one cook's part of a checkout, oldest first: the reservation of its
 * portions and of the slot's place (docs/checkout.md), then what became of it — given back (failed
 * or abandoned payment, cart changed), expired, or taken by the order (portions sold, place
 * confirmed) or refused (why, which dish) — and the portions and place given back when the order was
 * cancelled. From the reservation and the stock's record of the order (two point reads by the order's
 * id) and the dishes' names. The reservation keeps no time per state: a state reached without one of
 * its own (given back, freed) is dated by the reservation's last write, and its slot is the one it
 * holds now (a cook's move included).
 */
export function catalogueStory(
  hold: HoldRead | null,
  application: Pick<StockApplication, 'result' | 'meal_id' | 'reason' | 'applied_at' | 'restocked_at'> | null,
  names: ReadonlyMap<string, string>,
  now = new Date(),
): StoryEntry[] {
  const out: StoryEntry[] = [];
  const lines = (hold?.lines ?? []).map((l) => `${l.quantity} × ${names.get(l.meal_id) ?? l.meal_id}`).join(', ') || null;
  if (hold) {
    // Written with their times (the schema's timestamps, on upserts too); a document without them is dated by its expiry.
    const since = hold.created_at ?? hold.expires_at;
    const last = hold.updated_at ?? since;
    const expired = +new Date(hold.expires_at) <= +now;
    const until = hold.state === 'held' && !expired ? ` · jusqu’au ${parisTime.format(new Date(hold.expires_at))}` : '';
    if (lines) out.push(entry(since, 'stock.held', 'Stock réservé', `${lines}${until}`));
    const places = `${hold.amount} place${hold.amount > 1 ? 's' : ''}`;
    const slot = `${formatPickupSlot(iso(hold.start), iso(hold.end))} · ${places}`;
    out.push(entry(since, 'slot.held', 'Créneau de retrait réservé', slot));
    if (hold.state === 'held' && expired)
      out.push(entry(hold.expires_at, 'stock.expired', 'Réservation expirée', 'Pas encore rendue : le balayage la rend sous peu'));
    // A refused or voided order gave its reservation back: its record says so below.
    if (RELEASED.includes(hold.state) && application?.result !== 'rejected' && application?.result !== 'void') {
      if (+new Date(last) >= +new Date(hold.expires_at))
        out.push(entry(hold.expires_at, 'stock.expired', 'Réservation expirée', 'Portions et place rendues'));
      else
        out.push(
          entry(
            last,
            'stock.released',
            'Réservation libérée',
            'Paiement refusé ou abandonné, ou panier modifié : portions et place rendues',
          ),
        );
    }
    if (hold.state === 'committed' || hold.state === 'freed')
      out.push(entry(application?.applied_at ?? last, 'slot.committed', 'Place du créneau confirmée pour la commande', slot));
    if (hold.state === 'freed') out.push(entry(last, 'slot.freed', 'Place du créneau libérée (commande annulée)'));
  }
  if (application) {
    if (application.result === 'committed')
      out.push(entry(application.applied_at, 'stock.committed', 'Portions vendues (stock validé)', lines));
    if (application.result === 'rejected') {
      const why = application.reason ? REFUSAL_LABELS[application.reason] : REFUSAL_LABELS.insufficient_stock;
      const dish = application.meal_id ? ` : ${names.get(application.meal_id) ?? application.meal_id}` : '';
      out.push(entry(application.applied_at, 'stock.rejected', 'Stock refusé : commande annulée et remboursée', `${why}${dish}`));
    }
    if (application.result === 'void')
      out.push(entry(application.applied_at, 'stock.void', 'Commande annulée avant la validation du stock : réservation rendue'));
    if (application.restocked_at)
      out.push(entry(application.restocked_at, 'stock.restocked', 'Portions rendues au stock (commande annulée)', lines));
  }
  // A stable sort: entries of one instant keep the order above (portions before the place).
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

/** The dishes a story names: the reservation's lines and the dish a refusal names. */
export const mealsNamed = (hold: Pick<HoldRead, 'lines'> | null, application: Pick<StockApplication, 'meal_id'> | null): string[] => [
  ...new Set([...(hold?.lines ?? []).map((l) => l.meal_id), ...(application?.meal_id ? [application.meal_id] : [])]),
];
