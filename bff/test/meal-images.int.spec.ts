import type { INestApplication } from '@nestjs/common';
import { MEAL_MESSAGES } from '@popote/contracts';
import { cardKey, MediaStorage } from '@popote/platform';
import { GqlSession, natsCredentials, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as CatalogueModule } from '../../services/catalogue/src/app.module';
import { catalogueConfig } from '../../services/catalogue/src/config';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { identityConfig } from '../../services/identity/src/config';
import { markEmailVerified, markSellerVerified } from '../../services/identity/test/fixtures';
import { newAccount } from './support/accounts';
import { bffConfig, startBff } from './support/bff';
import { jpeg, uploadMealPicture } from './support/media';

const CREATE = 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id image_url } }';
const UPDATE = 'mutation($id: ID!, $i: UpdateMealInput!) { updateMeal(meal_id: $id, input: $i) { meal_id image_url } }';

/** A meal picture belongs to the cook who uploaded it: the upload records them, the catalogue checks it. */
describe('bff: meal pictures are their uploader’s', () => {
  const apps: INestApplication[] = [];
  let identity: INestApplication;
  let media: MediaStorage;
  let url: string;

  const cook = async () => {
    const s = new GqlSession(url);
    const r = await s.gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', {
      i: newAccount('img', 'cook', 'Chef'),
    });
    await markEmailVerified(identity); // publishing needs a confirmed address
    await markSellerVerified(identity); // and a verified seller (fixture)
    return { s, user_id: r.data.signUp.user.user_id as string };
  };
  const upload = async (s: GqlSession) => {
    const res = await uploadMealPicture(url, s.cookieHeader(), await jpeg(800, 600, '#8a5a2b'));
    expect(res.status).toBe(201);
    return ((await res.json()) as { image_key: string }).image_key;
  };
  const input = (image_key: string | null) => ({
    name: 'Tian provençal',
    description: 'Courgettes, tomates, aubergines.',
    price_cents: 1100,
    portions_available: 4,
    ingredients: ['Courgette'],
    allergens: [],
    category: 'vegetarian',
    preparation_time: 45,
    available_date: new Date(Date.now() + 86_400_000).toISOString(),
    image_key,
  });

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('catalogue', __filename);
    identity = await startServiceApp('identity', IdentityModule.forRoot(identityConfig(serviceEnv('identity', __filename))), env.NATS_URL!);
    apps.push(identity);
    apps.push(await startServiceApp('catalogue', CatalogueModule.forRoot(catalogueConfig(env)), env.NATS_URL!));
    const bff = await startBff(bffConfig({ ...env, ...natsCredentials('bff'), GRAPHIQL: 'false' }));
    apps.push(bff.app);
    url = bff.url;
    media = new MediaStorage(catalogueConfig(env));
  });

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('records the uploader on both variants; another cook cannot put the picture on a dish, in French', async () => {
    const owner = await cook();
    const other = await cook();
    const key = await upload(owner.s);
    expect((await media.stat(key))?.meta).toEqual({ uploader: owner.user_id });
    expect((await media.stat(cardKey(key)))?.meta).toEqual({ uploader: owner.user_id });

    const stolen = await other.s.gql(CREATE, { i: input(key) });
    expect(stolen.data).toBeNull();
    expect(stolen.errors?.[0]).toMatchObject({
      message: MEAL_MESSAGES.imageNotYours,
      extensions: { code: 'VALIDATION_FAILED', fields: { image_key: MEAL_MESSAGES.imageNotYours } },
    });
    // On an edit of the other cook's own dish neither.
    const theirs = await other.s.gql(CREATE, { i: input(await upload(other.s)) });
    expect(theirs.errors).toBeUndefined();
    const edit = { name: 'Tian', description: 'x', price_cents: 1100, portions_available: 4, image_key: key };
    const swapped = await other.s.gql(UPDATE, { id: theirs.data.createMeal.meal_id, i: edit });
    expect(swapped.errors?.[0]).toMatchObject({ message: MEAL_MESSAGES.imageNotYours, extensions: { code: 'VALIDATION_FAILED' } });

    const own = await owner.s.gql(CREATE, { i: input(key) });
    expect(own.errors).toBeUndefined();
    expect(own.data.createMeal.image_url).toBe(`/media/${key}`);
  });

  it('refuses a picture that was never uploaded, in French', async () => {
    const { s } = await cook();
    const res = await s.gql(CREATE, { i: input('meals/1_inconnu.png') });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({
      message: MEAL_MESSAGES.imageUnknown,
      extensions: { code: 'VALIDATION_FAILED', fields: { image_key: MEAL_MESSAGES.imageUnknown } },
    });
  });
});
