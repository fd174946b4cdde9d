import { describe, expect, it } from 'vitest';
import { AlertsRpc, FOLLOW_MESSAGES, mayPushTo, pushEndpointKind, pushSubscriptionSchema } from './follows';

const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

describe('push endpoints the server may send to', () => {
  it('accepts the public push services on https and 443, subdomains included', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx',
      'https://FCM.googleapis.com:443/fcm/send/abc',
    ])
      expect(pushEndpointKind(endpoint), endpoint).toBe('public');
  });

  it('refuses addresses inside the network, other hosts, ports, schemes, credentials and look-alike prefixes', () => {
    for (const endpoint of [
      'http://localhost.attacker.example/push',
      'https://localhost.attacker.example/push',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.com.evil/x',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://10.0.0.5/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/push',
      'https://nats.popote.svc.cluster.local/push',
      'ftp://fcm.googleapis.com/x',
      'pas une adresse',
    ])
      expect(pushEndpointKind(endpoint), endpoint).toBeNull();
  });

  it('this machine, by parsed host name, only outside production', () => {
    for (const endpoint of ['http://127.0.0.1:9000/push/1', 'http://localhost:9000/push/1', 'http://[::1]:9000/push/1']) {
      expect(pushEndpointKind(endpoint), endpoint).toBe('loopback');
      expect(mayPushTo(endpoint, false)).toBe(true);
      expect(mayPushTo(endpoint, true)).toBe(false);
    }
    expect(mayPushTo('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true);
  });

  it('the subscription schema refuses the same, in French', () => {
    expect(pushSubscriptionSchema.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys }).success).toBe(true);
    const refused = pushSubscriptionSchema.safeParse({ endpoint: 'http://localhost.attacker.example/push', keys });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toContain(FOLLOW_MESSAGES.subscriptionInvalid);
  });

  it('forgetting a device needs its endpoint: empty or blank is refused in French', () => {
    const actor = { user_id: 'u1', user_type: 'consumer' as const };
    for (const endpoint of ['', '   ', '\t\n']) {
      const refused = AlertsRpc.unsubscribePush.request.safeParse({ actor, endpoint });
      expect(refused.success, JSON.stringify(endpoint)).toBe(false);
      expect(refused.error?.issues.map((i) => i.message)).toEqual([FOLLOW_MESSAGES.subscriptionInvalid]);
    }
    expect(AlertsRpc.unsubscribePush.request.safeParse({ actor, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }).success).toBe(true);
  });
});
