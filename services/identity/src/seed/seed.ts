import { assertDemoDataAllowed } from '@popote/platform';
import mongoose from 'mongoose';
import { hashPassword } from '../auth/passwords';
import { identityConfig } from '../config';
import { usernameKey } from '../users/users.service';
import { CookProfile, CookProfileSchema, User, UserSchema } from '../users/user.schema';

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
        });
      }
      created++;
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
