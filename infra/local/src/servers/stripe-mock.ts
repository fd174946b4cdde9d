// stripe-mock: Stripe's API on this machine (STRIPE_MOCK_URL), for the payments service.

import { HOST, type ServerPorts, type ServerSpec } from './config';
import { answers200 } from './helpers';

export function stripeMockSpec(p: ServerPorts): ServerSpec {
  return {
    name: 'stripe',
    bin: 'stripe-mock',
    args: ['-http-addr', `${HOST}:${p.stripeMock}`, '-https-addr', `${HOST}:${p.stripeMockHttps}`],
    ports: [
      ['HTTP', p.stripeMock],
      ['HTTPS', p.stripeMockHttps],
    ],
    ready: () => answers200(`http://${HOST}:${p.stripeMock}/v1/charges`, { Authorization: 'Bearer sk_test_123' }),
    exports: { STRIPE_MOCK_URL: `http://${HOST}:${p.stripeMock}` },
  };
}
