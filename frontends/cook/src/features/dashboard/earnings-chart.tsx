import { formatPrice } from '@popote/ui';
import { useId } from 'react';
import styles from './stats.module.css';
import { frCook } from '@popote/ui/fr-cook';

export interface DayAmount {
  /** YYYY-MM-DD. */
  day: string;
  cents: number;
}

/** A round top for the axis: 1, 2 or 5 × 10^n euros, at least 10 €. */
export function niceMaxCents(maxCents: number): number {
  const euros = Math.max(10, maxCents / 100);
  const power = 10 ** Math.floor(Math.log10(euros));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= euros) ?? 10;
  return step * power * 100;
}

const dayLabel = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLongLabel = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** "21 nov." for the axis; the day is a calendar date, read in UTC so it never shifts. */
export function formatDay(day: string, long = false): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (long ? dayLongLabel : dayLabel).format(date);
}

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 30, left: 64 };

/**
 * Earnings per day as an SVG bar chart. Screen readers get a one-sentence summary (the
 * image's name) and the full table of values; each bar also has its own tooltip.
 */
export function EarningsChart({ days }: { days: readonly DayAmount[] }) {
  const id = useId();
  const total = days.reduce((sum, day) => sum + day.cents, 0);
  const best = days.reduce<DayAmount | null>((top, day) => (!top || day.cents > top.cents ? day : top), null);
  const top = niceMaxCents(best?.cents ?? 0);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (cents: number) => PAD.top + plotHeight - (cents / top) * plotHeight;
  const ticks = [0, top / 2, top];
  const summary =
    total > 0 && best
      ? frCook.cook.earningsSummary(formatPrice(total), `${formatDay(best.day, true)} (${formatPrice(best.cents)})`)
      : frCook.cook.earningsNone;

  return (
    <figure className={styles.figure}>
      <div className={styles.chartScroll}>
        <svg
          className={styles.chart}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-summary`}
          preserveAspectRatio="xMidYMid meet"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line className={styles.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
              <text className={styles.axis} x={PAD.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {formatPrice(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const x = PAD.left + index * slot + (slot - barWidth) / 2;
            const height = Math.max(day.cents > 0 ? 2 : 0, (day.cents / top) * plotHeight);
            return (
              <g key={day.day}>
                <rect className={styles.bar} x={x} y={PAD.top + plotHeight - height} width={barWidth} height={height} rx={2}>
                  <title>{`${formatDay(day.day, true)} : ${formatPrice(day.cents)}`}</title>
                </rect>
                {index % 5 === 0 || index === days.length - 1 ? (
                  <text
                    className={styles.axis}
                    x={index === days.length - 1 ? x + barWidth : x + barWidth / 2}
                    y={HEIGHT - 8}
                    textAnchor={index === days.length - 1 ? 'end' : 'middle'}
                  >
                    {formatDay(day.day)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption id={`${id}-summary`} className={styles.caption}>
        {summary}
      </figcaption>
      <table className="pp-visually-hidden">
        <caption>{frCook.cook.earningsTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{frCook.cook.day}</th>
            <th scope="col">{frCook.cook.earnings}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day, true)}</th>
              <td>{formatPrice(day.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
