/** Icons of the connectivity notice (SVG: no emoji font needed). */
export function OfflineIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="#2e1f17" strokeWidth="2" strokeLinecap="round">
      <path d="M2 8.5a15 15 0 0 1 5-3M10.5 4.6A15 15 0 0 1 22 8.5M5 12a10 10 0 0 1 4-2.4M14.5 9.8A10 10 0 0 1 19 12M8.5 15.5a5 5 0 0 1 7 0" />
      <circle cx="12" cy="19" r="1" fill="#2e1f17" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

export function OnlineIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="#3f6b47" strokeWidth="2" strokeLinecap="round">
      <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0" />
      <circle cx="12" cy="19" r="1" fill="#3f6b47" />
    </svg>
  );
}
