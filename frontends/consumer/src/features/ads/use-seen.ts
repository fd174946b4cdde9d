import { ADS } from '@popote/rules';
import { useEffect, useRef, type RefObject } from 'react';

/** The share of the element that must be on screen (IAB's viewability rule: half of it). */
const VISIBLE_SHARE = 0.5;

/**
 * Calls `onSeen` once for this mount, when at least half of `ref`'s element has been on screen
 * without a break for ADS.visibleMs, the page in view: leaving the screen (or the tab going to
 * the background) before that starts the count over. Nothing where IntersectionObserver is missing.
 */
export function useSeen(ref: RefObject<Element | null>, onSeen: () => void): void {
  const latest = useRef(onSeen);
  const done = useRef(false);
  useEffect(() => {
    latest.current = onSeen;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element || done.current || typeof IntersectionObserver === 'undefined') return undefined;
    let inView = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const start = () => {
      if (timer !== undefined || !inView || document.visibilityState === 'hidden') return;
      timer = setTimeout(() => {
        done.current = true;
        cleanUp();
        latest.current();
      }, ADS.visibleMs);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) inView = entry.isIntersecting && entry.intersectionRatio >= VISIBLE_SHARE;
        if (inView) start();
        else stop();
      },
      { threshold: VISIBLE_SHARE },
    );
    const onVisibility = () => (document.visibilityState === 'hidden' ? stop() : start());
    const cleanUp = () => {
      stop();
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
    observer.observe(element);
    document.addEventListener('visibilitychange', onVisibility);
    return cleanUp;
  }, [ref]);
}
