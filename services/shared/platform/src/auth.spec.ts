import { describe, expect, it } from 'vitest';
import { authConfigSchema, signAccessToken, verifyAccessToken } from './auth';

const config = authConfigSchema.parse({ AUTH_JWT_SECRET: 'a-test-secret-of-at-least-thirty-two-characters' });
const actor = { user_id: 'u-1', user_type: 'consumer' as const };

describe('access tokens', () => {
  it("carry the user's name and a confirmed address when issued with them", async () => {
    const { token } = await signAccessToken(actor, 'family-1', config, { name: 'Zoé Martin', email_verified: true });
    expect(await verifyAccessToken(token, config)).toEqual({
      user_id: 'u-1',
      user_type: 'consumer',
      session_id: 'family-1',
      name: 'Zoé Martin',
      email_verified: true,
    });
  });

  it('say nothing of the user when issued without (a token from before): the BFF asks identity', async () => {
    const { token } = await signAccessToken(actor, 'family-1', config);
    expect(await verifyAccessToken(token, config)).toMatchObject({ name: null, email_verified: false });
  });

  it('are refused when signed with another secret', async () => {
    const { token } = await signAccessToken(actor, 'family-1', {
      ...config,
      AUTH_JWT_SECRET: 'another-secret-of-at-least-thirty-two-chars',
    });
    expect(await verifyAccessToken(token, config)).toBeNull();
  });
});
