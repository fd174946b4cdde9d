// Which fields hold a model whose documents carry an outbox, per service: read from the sources
// (the classes whose schema is given `outboxPlugin`, and the store's fields holding them),
// so the lint rule follows a new outbox-bearing model without being told.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** `{ ordering: { classes: ['Order', 'Review'], storeFields: ['orders', 'reviews'] }, … }` for the services under `servicesDir`. */
export function outboxModels(servicesDir) {
  const out = {};
  for (const service of readdirSync(servicesDir)) {
    const src = join(servicesDir, service, 'src');
    if (service === 'shared' || !statSync(join(servicesDir, service)).isDirectory()) continue;
    let files;
    try {
      files = sources(src).map((path) => readFileSync(path, 'utf8'));
    } catch {
      continue;
    }
    const classes = new Set();
    for (const text of files) {
      for (const m of text.matchAll(/(\w+)Schema = SchemaFactory\.createForClass\((\w+)\)\.plugin\(outboxPlugin\)/g)) classes.add(m[2]);
      for (const m of text.matchAll(/\b(\w+)Schema\.plugin\(outboxPlugin\)/g)) classes.add(m[1]);
    }
    if (!classes.size) continue;
    const fields = new Set();
    for (const text of files) for (const m of text.matchAll(/^\s*(\w+): \[(\w+), \w+Schema\]/gm)) if (classes.has(m[2])) fields.add(m[1]);
    out[service] = { classes: [...classes].sort(), storeFields: [...fields].sort() };
  }
  return out;
}
