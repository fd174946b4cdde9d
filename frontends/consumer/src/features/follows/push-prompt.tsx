import { pushPermission, usePushDevice, type PushOutcome } from '@popote/graphql';
import { Button, DockPanel, toast } from '@popote/ui';
import { useCallback, useState, type ReactNode } from 'react';
import { followsFr } from './texts';
import styles from './push-prompt.module.css';

const t = followsFr.push;
/** 'Plus tard' is not asked again for this long (per browser). */
export const PUSH_PROMPT_QUIET_MS = 30 * 24 * 3600 * 1000;
const LATER_KEY = 'popote:push-prompt-later';
/** Permission already given: this device is handed to the BFF once per browsing session. */
const SYNCED_KEY = 'popote:push-synced';

/** Why the person is asked: they just followed a cook, or just ordered. */
export type PushReason = { kind: 'follow'; cook: string } | { kind: 'order' };

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}
function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage unavailable (private mode...): asked again next time, nothing worse.
  }
}

const saidLaterRecently = () => Date.now() - Number(read(() => localStorage, LATER_KEY) ?? 0) < PUSH_PROMPT_QUIET_MS;

/** The toast of each outcome of the browser's question. */
export function announce(outcome: PushOutcome): void {
  const id = 'push-outcome';
  if (outcome.status === 'subscribed') toast.success(t.enabled, { id });
  else if (outcome.status === 'denied') toast.error(t.denied, { id });
  else if (outcome.status === 'dismissed') toast(t.dismissed, { id });
  else if (outcome.status === 'failed') toast.error(outcome.message, { id });
  else toast.error(t.unsupported, { id });
}

/**
 * The moment to offer notifications on this device (docs/alerts.md): after a follow or an order,
 * never on page load. `offer(reason)` shows the prompt when the browser has never been asked (and
 * the person did not say 'Plus tard' lately); when the permission is already given the device is
 * simply (re)subscribed; blocked or unsupported: nothing. 'Activer les notifications' then asks
 * the browser's own question.
 */
export function usePushOffer(): { offer: (reason: PushReason) => void; prompt: ReactNode } {
  const device = usePushDevice();
  const [reason, setReason] = useState<PushReason | null>(null);
  const offer = useCallback(
    (why: PushReason) => {
      const permission = pushPermission();
      if (permission === 'granted') {
        if (read(() => sessionStorage, SYNCED_KEY)) return;
        write(() => sessionStorage, SYNCED_KEY, '1');
        void device.subscribe();
      } else if (permission === 'default' && !saidLaterRecently()) setReason(why);
    },
    [device],
  );
  const prompt = reason ? (
    <PushPrompt
      reason={reason}
      onLater={() => {
        write(() => localStorage, LATER_KEY, String(Date.now()));
        setReason(null);
      }}
      onEnable={async () => {
        const outcome = await device.subscribe();
        if (outcome.status === 'subscribed') write(() => sessionStorage, SYNCED_KEY, '1');
        if (outcome.status === 'dismissed') write(() => localStorage, LATER_KEY, String(Date.now()));
        announce(outcome);
        setReason(null);
      }}
    />
  ) : null;
  return { offer, prompt };
}

export function PushPrompt({ reason, onLater, onEnable }: { reason: PushReason; onLater: () => void; onEnable: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <DockPanel
      className={styles.prompt}
      title={reason.kind === 'follow' ? t.followTitle(reason.cook) : t.orderTitle}
      body={
        <>
          {reason.kind === 'follow' ? t.followBody : t.orderBody} {t.browserAsks}
        </>
      }
      actions={
        <>
          <Button variant="outline" size="sm" onClick={onLater} disabled={busy}>
            {t.later}
          </Button>
          <Button
            variant="primary"
            size="sm"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void onEnable().finally(() => setBusy(false));
            }}
          >
            {t.enable}
          </Button>
        </>
      }
    />
  );
}
