import { useQuery } from '@popote/graphql';
import { Button, formatLongDate, formatSlotDay, formatSlotDayTitle, formatSlotTime, Notice, SelectField } from '@popote/ui';
import { useState } from 'react';
import { CookOrdersDocument } from '../../graphql/orders.generated';
import type { CookOrder } from '../../graphql/orders';
import { ORDER_STATUSES, orderStatusLabel } from '@popote/rules';
import { groupBySlot, parisDay, prepOf, type DayGroup } from './cook-day';
import { CookOrderList } from './cook-order-card';
import { Loaded, TabSection } from './tab-parts';
import ordersStyles from './orders.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;
const td = frCook.cook.cookDay;

/**
 * 'Commandes': the cook's day — orders to hand over from today on, by day and pick-up
 * slot, with a printable preparation list; the other orders below. Live (see DashboardPage).
 */
export function OrdersTab() {
  const query = useQuery(CookOrdersDocument, {
    requestPolicy: 'cache-and-network',
  });

  return (
    <TabSection titleId="cook-orders-title" title={t.ordersTitle}>
      <Loaded query={query} loadingLabel={t.ordersLoading}>
        {({ cookOrders }) => (cookOrders.length > 0 ? <CookDay orders={cookOrders} /> : <Notice message={t.noOrders} />)}
      </Loaded>
    </TabSection>
  );
}

/** The orders by day and slot, filtered by status, with the preparation list. */
function CookDay({ orders }: { orders: CookOrder[] }) {
  const [status, setStatus] = useState('');
  const shown = status ? orders.filter((o) => o.order_status === status) : orders;
  const { upcoming, earlier } = groupBySlot(shown, new Date());
  return (
    <>
      <div className={ordersStyles.toolbar}>
        <SelectField
          label={td.statusFilter}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusLabel(s) }))}
        >
          <option value="">{td.allStatuses}</option>
        </SelectField>
        <Button variant="outline" onClick={() => window.print()}>
          {td.print}
        </Button>
      </div>
      {shown.length === 0 ? <Notice message={td.noneForFilter} /> : null}
      <section aria-labelledby="cook-day-title" className={ordersStyles.daySection}>
        <h3 id="cook-day-title" className={ordersStyles.groupTitle}>
          {td.upcoming}
        </h3>
        {upcoming.length === 0 ? <p className={ordersStyles.muted}>{td.noUpcoming}</p> : <Days days={upcoming} />}
      </section>
      <PrepList days={groupBySlot(orders, new Date()).upcoming} />
      {earlier.length > 0 ? (
        <section aria-labelledby="cook-earlier-title" className={ordersStyles.daySection}>
          <h3 id="cook-earlier-title" className={ordersStyles.groupTitle}>
            {td.earlier}
          </h3>
          <CookOrderList orders={earlier} />
        </section>
      ) : null}
    </>
  );
}

const dayTitle = (day: string, start: string) =>
  day === parisDay(new Date()) ? `${td.today} — ${formatSlotDay(start)}` : formatSlotDayTitle(start);

function Days({ days }: { days: DayGroup[] }) {
  return (
    <>
      {days.map((group) => (
        <section key={group.day} aria-label={formatLongDate(`${group.day}T12:00:00`)} className={ordersStyles.day}>
          <h4 className={ordersStyles.dayTitle}>{dayTitle(group.day, group.slots[0]!.start)}</h4>
          {group.slots.map((slot) => (
            <section
              key={`${slot.mode}|${slot.start}`}
              aria-label={(slot.mode === 'delivery' ? td.delivery : td.pickup)(formatSlotTime(slot.start, slot.end))}
              className={ordersStyles.slotGroup}
            >
              <h5 className={ordersStyles.slotTitle}>
                {(slot.mode === 'delivery' ? td.deliverySlotTitle : td.slotTitle)(formatSlotTime(slot.start, slot.end), slot.orders.length)}
              </h5>
              <CookOrderList orders={slot.orders} />
            </section>
          ))}
        </section>
      ))}
    </>
  );
}

/** Dishes × portions per slot, from today on (whatever the filter): what 'Imprimer' prints. */
function PrepList({ days }: { days: DayGroup[] }) {
  const slots = days.flatMap((d) => d.slots.map((s) => ({ day: d.day, slot: s, prep: prepOf(s) }))).filter((s) => s.prep.dishes.length);
  return (
    <section aria-labelledby="cook-prep-title" className={`${ordersStyles.daySection} ${ordersStyles.prepList}`}>
      <h3 id="cook-prep-title" className={ordersStyles.groupTitle}>
        {td.prepTitle}
      </h3>
      <p className={ordersStyles.muted}>{td.prepIntro}</p>
      {slots.length === 0 ? <p className={ordersStyles.muted}>{td.prepEmpty}</p> : null}
      {slots.map(({ day, slot, prep }) => (
        <table key={`${slot.mode}|${slot.start}`} className={ordersStyles.prepTable}>
          <caption>{`${dayTitle(day, slot.start)}, ${formatSlotTime(slot.start, slot.end)}${slot.mode === 'delivery' ? ` (${td.deliveries})` : ''}`}</caption>
          <thead>
            <tr>
              <th scope="col">{td.dish}</th>
              <th scope="col">{td.portions}</th>
            </tr>
          </thead>
          <tbody>
            {prep.dishes.map((d) => (
              <tr key={d.name}>
                <td>{d.name}</td>
                <td>{d.portions}</td>
              </tr>
            ))}
          </tbody>
          {prep.buyers.length ? (
            <tfoot>
              <tr>
                <td colSpan={2}>{`${td.buyers} : ${prep.buyers.join(', ')}`}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      ))}
    </section>
  );
}
