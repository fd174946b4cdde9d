/* global db, print, process -- mongosh globals */
// Run by the compose job mongo-init (mongosh, as root) on every `docker compose up`: creates the
// apps' user, or updates its password when MONGO_APP_PASSWORD changed (rotation, docs/runbook.md).
// One database per service; the user may read and write those and nothing else.
// `./popote test deploy` checks that every service of infra/deploy/src/apps.ts is listed here.
const databases = [
  'popote_identity',
  'popote_catalogue',
  'popote_cart',
  'popote_ordering',
  'popote_payments',
  'popote_notifications',
];
const roles = databases.map((db) => ({ role: 'readWrite', db }));
const password = process.env.MONGO_APP_PASSWORD;
if (!password || password.length < 24) throw new Error('MONGO_APP_PASSWORD must be at least 24 characters');
const admin = db.getSiblingDB('admin');
if (admin.getUser('popote')) {
  admin.updateUser('popote', { pwd: password, roles });
  print('mongo-init: user popote updated');
} else {
  admin.createUser({ user: 'popote', pwd: password, roles });
  print('mongo-init: user popote created');
}
