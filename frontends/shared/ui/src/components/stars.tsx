import styles from './stars.module.css';

/** Five stars, `rating` of them filled; read as « Note : 4 sur 5 ». */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  const filled = Math.round(rating);
  return (
    <span className={styles.stars} role="img" aria-label={label ?? `Note : ${filled} sur 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} className={n <= filled ? styles.on : styles.off} viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
          <path d="M8 1.2l2.1 4.3 4.7.7-3.4 3.3.8 4.7L8 12l-4.2 2.2.8-4.7L1.2 6.2l4.7-.7z" fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}
