import { readApiError } from '@popote/auth';
import { currentPushSubscription, pushPermission, useMutation, usePushDevice, useQuery, type PushPermission } from '@popote/graphql';
import {
  ALERT_CHANNEL_LABELS,
  ALERT_KIND_CHANNELS,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type AlertChannel,
  type AlertKind,
} from '@popote/rules';
import { Button, QueryState, toast } from '@popote/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { alertsFr } from '../../i18n/alerts-texts';
import { AlertPreferencesDocument, UpdateAlertPreferencesDocument, type AlertSettingsFieldsFragment } from './alerts.generated';
import { Card } from './card';
import styles from './alerts-cards.module.css';

const t = alertsFr.alerts;

/** The preferences as the form holds them: a box per kind and channel it has. */
type Choices = Record<AlertKind, Partial<Record<AlertChannel, boolean>>>;

const choicesOf = (settings: AlertSettingsFieldsFragment): Choices => {
  const p = settings.preferences;
  return {
    new_dish: { email: p.new_dish.email, push: p.new_dish.push },
    new_slots: { email: p.new_slots.email, push: p.new_slots.push },
    back_in_stock: { email: p.back_in_stock.email, push: p.back_in_stock.push },
    order_updates: { push: p.order_updates.push },
  };
};
const channels = (c: Partial<Record<AlertChannel, boolean>>) => ({ email: c.email ?? true, push: c.push ?? true });
const inputOf = (c: Choices) => ({
  new_dish: channels(c.new_dish),
  new_slots: channels(c.new_slots),
  back_in_stock: channels(c.back_in_stock),
  order_updates: { push: c.order_updates.push ?? true },
});

/**
 * 'Alertes': per kind, email and push (an order's emails always go: only its push is a choice),
 * saved with 'Enregistrer les préférences'; then this device: 'Recevoir les notifications sur cet
 * appareil' asks the browser's permission (this click is the moment) and subscribes it.
 */
export function AlertsCard() {
  const { data, error, refetch } = useQuery(AlertPreferencesDocument, { requestPolicy: 'cache-and-network' });
  const [update, { loading: saving }] = useMutation(UpdateAlertPreferencesDocument);
  const settings = data?.alertPreferences;
  const [choices, setChoices] = useState<Choices | null>(null);
  useEffect(() => {
    if (settings) setChoices(choicesOf(settings));
  }, [settings]);

  if (!settings || !choices)
    return (
      <Card id="alerts" title={t.title}>
        <QueryState error={error} errorMessage={t.error} onRetry={refetch} loadingLabel={t.loading} />
      </Card>
    );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update({ variables: { input: inputOf(choices) } });
      toast.success(t.saved, { id: 'alerts-saved' });
    } catch (err) {
      toast.error(readApiError(err).message ?? t.saveError, { id: 'alerts-saved' });
    }
  };
  const set = (kind: AlertKind, channel: AlertChannel, on: boolean) =>
    setChoices((c) => (c ? { ...c, [kind]: { ...c[kind], [channel]: on } } : c));

  return (
    <Card id="alerts" title={t.title}>
      <p className={styles.muted}>{t.intro}</p>
      <form onSubmit={(e) => void save(e)} className={styles.form}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t.kind}</th>
              <th scope="col">{ALERT_CHANNEL_LABELS.email}</th>
              <th scope="col">{ALERT_CHANNEL_LABELS.push}</th>
            </tr>
          </thead>
          <tbody>
            {ALERT_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{ALERT_KIND_LABELS[kind]}</th>
                {(['email', 'push'] as const).map((channel) => (
                  <td key={channel}>
                    {ALERT_KIND_CHANNELS[kind].includes(channel) ? (
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        aria-label={t.channelOf(ALERT_CHANNEL_LABELS[channel], ALERT_KIND_LABELS[kind])}
                        checked={choices[kind][channel] ?? true}
                        onChange={(e) => set(kind, channel, e.currentTarget.checked)}
                      />
                    ) : (
                      <span className={styles.muted}>{t.always}</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          <Button type="submit" variant="primary" loading={saving}>
            {t.save}
          </Button>
        </div>
      </form>
      <ThisDevice devices={settings.push_devices} onChange={() => void refetch()} />
    </Card>
  );
}

/** This device's notifications: its state, and the button that subscribes or unsubscribes it. */
function ThisDevice({ devices, onChange }: { devices: number; onChange: () => void }) {
  const push = usePushDevice();
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void currentPushSubscription().then((s) => live && setSubscribed(s !== null));
    return () => {
      live = false;
    };
  }, []);

  const subscribe = async () => {
    setBusy(true);
    const outcome = await push.subscribe();
    setBusy(false);
    setPermission(pushPermission());
    if (outcome.status === 'subscribed') {
      setSubscribed(true);
      toast.success(t.subscribed, { id: 'push-outcome' });
      onChange();
    } else if (outcome.status === 'failed') toast.error(outcome.message, { id: 'push-outcome' });
    else if (outcome.status === 'dismissed') toast(t.dismissed, { id: 'push-outcome' });
    else toast.error(outcome.status === 'denied' ? t.deviceBlocked : t.deviceUnsupported, { id: 'push-outcome' });
  };
  const unsubscribe = async () => {
    setBusy(true);
    const outcome = await push.unsubscribe();
    setBusy(false);
    if (outcome.status === 'failed') toast.error(outcome.message, { id: 'push-outcome' });
    else {
      setSubscribed(false);
      toast.success(t.unsubscribed, { id: 'push-outcome' });
      onChange();
    }
  };

  let state: string;
  if (permission === 'unsupported') state = t.deviceUnsupported;
  else if (permission === 'denied') state = t.deviceBlocked;
  else state = subscribed && permission === 'granted' ? t.deviceOn : t.deviceOff;

  return (
    <div className={styles.device} aria-live="polite">
      <p className={styles.deviceState}>
        <strong>{t.thisDevice} : </strong>
        {state}
      </p>
      <p className={styles.muted} data-testid="push-devices">
        {t.devices(devices)}
      </p>
      {permission === 'unsupported' || permission === 'denied' ? null : subscribed && permission === 'granted' ? (
        <Button variant="outline" size="sm" loading={busy} onClick={() => void unsubscribe()}>
          {t.unsubscribe}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" loading={busy} onClick={() => void subscribe()}>
          {t.subscribe}
        </Button>
      )}
    </div>
  );
}
