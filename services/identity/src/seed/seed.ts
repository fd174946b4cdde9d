import type { TraderDetailsDto } from '@popote/contracts';
import { assertDemoDataAllowed } from '@popote/platform';
import mongoose from 'mongoose';
import { hashPassword } from '../auth/passwords';
import { identityConfig } from '../config';
import { usernameKey } from '../users/users.service';
import { CookProfile, CookProfileSchema, User, UserSchema } from '../users/user.schema';
import { Trader, TraderSchema } from '../traders/trader.schema';
import { toPublicSeller } from '../traders/traders.mapper';

/** Demo accounts (password for all: popote123). Cook ids match the catalogue's demo meals. */
export const DEMO_PASSWORD = 'popote123';
export const DEMO_USERS = [
  {
    _id: 'demo-cook-amina',
    email: 'amina@popote.test',
    username: 'amina_cuisine',
    name: 'Amina Benali',
    location: 'Lyon 7e',
    user_type: 'cook',
    bio: 'Cuisine marocaine familiale, recettes de ma grand-mère.',
    specialties: ['Tajines', 'Couscous'],
  },
  {
    _id: 'demo-cook-lucas',
    email: 'lucas@popote.test',
    username: 'lucas_bistrot',
    name: 'Lucas Martin',
    location: 'Lyon 3e',
    user_type: 'cook',
    bio: 'Ancien commis de bistrot, je cuisine les classiques français.',
    specialties: ['Plats mijotés', 'Tartes'],
  },
  {
    _id: 'demo-cook-mei',
    email: 'mei@popote.test',
    username: 'mei_wok',
    name: 'Mei Chen',
    location: 'Villeurbanne',
    user_type: 'cook',
    bio: 'Cuisine asiatique maison, beaucoup de légumes.',
    specialties: ['Curry', 'Gyozas'],
  },
  {
    _id: 'demo-consumer-claire',
    email: 'claire@popote.test',
    username: 'claire_l',
    name: 'Claire Lefèvre',
    location: 'Lyon 7e',
    user_type: 'consumer',
    bio: '',
    specialties: [],
  },
] as const;

/**
 * The demo cooks' trader details, verified (they sell from the start): plausible addresses and
 * phones, SIRETs whose check digits are right. Seeded without documents (none is stored for them).
 */
export const DEMO_TRADERS: Record<string, TraderDetailsDto> = {
  'demo-cook-amina': {
    legal_name: 'Amina Benali',
    siret: '84912375700015',
    address: { street: '12 rue de Marseille', postcode: '69007', city: 'Lyon' },
    phone: '0472000101',
    email: 'amina@popote.test',
    ddpp_receipt_key: null,
    hygiene_certificate_key: null,
    self_certified: true,
  },
  'demo-cook-lucas': {
    legal_name: 'Lucas Martin',
    siret: '85267431600017',
    address: { street: '48 cours Gambetta', postcode: '69003', city: 'Lyon' },
    phone: '0472000202',
    email: 'lucas@popote.test',
    ddpp_receipt_key: null,
    hygiene_certificate_key: null,
    self_certified: true,
  },
  'demo-cook-mei': {
    legal_name: 'Mei Chen',
    siret: '87930264400015',
    address: { street: '5 avenue Henri Barbusse', postcode: '69100', city: 'Villeurbanne' },
    phone: '0478000303',
    email: 'mei@popote.test',
    ddpp_receipt_key: null,
    hygiene_certificate_key: null,
    self_certified: true,
  },
};

export async function seedIdentity(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  assertDemoDataAllowed(env);
  const config = identityConfig(env);
  const conn = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
  try {
    const users = conn.model(User.name, UserSchema);
    const profiles = conn.model(CookProfile.name, CookProfileSchema);
    const hash = await hashPassword(DEMO_PASSWORD);
    let created = 0;
    for (const u of DEMO_USERS) {
      if (await users.exists({ _id: u._id })) continue;
      const now = new Date();
      await users.collection.insertOne({
        _id: u._id as never,
        email: u.email,
        username: u.username,
        username_key: usernameKey(u.username),
        name: u.name,
        location: u.location,
        bio: u.bio,
        avatar_url: null,
        user_type: u.user_type,
        specialties: [...u.specialties],
        dietary_preferences: [],
        password_hash: hash,
        email_verified_at: now, // demo accounts are verified (they pay and publish at once)
        created_at: now,
        updated_at: now,
        _outbox: [],
        _outbox_pending: false,
      });
      if (u.user_type === 'cook') {
        await profiles.collection.insertOne({
          _id: u._id as never,
          bio: u.bio,
          specialties: [...u.specialties],
          availability_days: ['mardi', 'jeudi', 'samedi'],
          cooking_styles: [],
          experience_years: 5,
          certifications: [],
          signature_dishes: [],
          cuisine_types: [],
          awards: [],
          rating_average: 0,
          total_reviews: 0,
          rating_sort: 0,
          verified_seller: false,
          seller: null,
        });
      }
      created++;
    }
    // Each demo cook's verified trader file, also for demo accounts seeded before files existed (once).
    const traders = conn.model(Trader.name, TraderSchema);
    for (const [cookId, details] of Object.entries(DEMO_TRADERS)) {
      if (await traders.exists({ _id: cookId })) continue;
      const now = new Date();
      await traders.collection.insertOne({
        _id: cookId as never,
        status: 'verified',
        revision: 1,
        details,
        submitted_at: now,
        decided_at: now,
        decided_by: null,
        verified_at: now,
        message: null,
        relationship_ended_at: null,
        delete_after: null,
        created_at: now,
        updated_at: now,
      });
      await profiles.collection.updateOne({ _id: cookId as never }, { $set: { verified_seller: true, seller: toPublicSeller(details) } });
    }
    return created;
  } finally {
    await conn.close();
  }
}

if (require.main === module) {
  seedIdentity()
    .then((n) => console.log(JSON.stringify({ msg: 'identity seeded', created: n })))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
