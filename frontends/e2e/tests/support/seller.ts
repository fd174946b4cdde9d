import { MongoClient } from 'mongodb';

/**
 * Test fixture only: makes the cook of `email` a verified seller in identity's database, as an
 * operator's verification would (plausible trader details, a SIRET whose check digit is right, no
 * documents). A new dish needs a verified seller; browser tests that are not about the verification
 * publish dishes with a fresh cook, and no product path skips the operator. Written right after the
 * sign-up, when nothing else writes the cook's trader file or profile (FerretDB rewrites a whole
 * document: a concurrent write could be undone). POPOTE_MONGO_URL is set by the test runner.
 */
export async function markSellerVerified(email: string): Promise<void> {
  const mongoUrl = process.env.POPOTE_MONGO_URL;
  if (!mongoUrl) throw new Error('POPOTE_MONGO_URL is set by the test runner');
  const client = await MongoClient.connect(mongoUrl);
  try {
    const identity = client.db('popote_identity');
    const cook = await identity.collection<{ _id: string; name: string; email: string }>('users').findOne({ email });
    if (!cook) throw new Error(`no account ${email}`);
    const seller = {
      legal_name: cook.name,
      siret: '73282932000074',
      address: { street: '1 rue de la République', postcode: '69001', city: 'Lyon' },
      phone: '0472000000',
      email,
    };
    const now = new Date();
    await identity.collection<{ _id: string }>('traders').updateOne(
      { _id: cook._id },
      {
        $set: {
          status: 'verified',
          revision: 1,
          details: { ...seller, ddpp_receipt_key: null, hygiene_certificate_key: null, self_certified: true },
          submitted_at: now,
          decided_at: now,
          verified_at: now,
          relationship_ended_at: null,
          delete_after: null,
        },
      },
      { upsert: true },
    );
    await identity
      .collection<{ _id: string }>('cookProfiles')
      .updateOne({ _id: cook._id }, { $set: { verified_seller: true, seller } }, { upsert: true });
  } finally {
    await client.close();
  }
}
