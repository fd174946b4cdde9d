// `nx g @popote/nx-plugin:service <name>`: a new service folder in the shape every service uses
// (serviceModule, its config, its tracing, its part of the account lifecycle), registered wherever
// the deployment lists its services. Registering means: wherever `cart` (the reference service) is
// listed, the new service is listed the same way — the apps list, the contracts' service names,
// compose, the MongoDB users, the Kubernetes chart's list, overlays and secrets, `.env.example`.
// generator.spec.ts runs it and then the deployment's own checks on what it wrote.
const { join } = require('node:path');
const { logger, names } = require('@nx/devkit');

const REFERENCE = 'cart';

/** The new service's own files; `n`: @nx/devkit's names() of the service, `port`: its development port. */
function files(n, port, description) {
  const C = n.className;
  const p = n.propertyName;
  return {
    'package.json': `${JSON.stringify(
      {
        name: `@popote/${n.fileName}`,
        version: '0.1.0',
        private: true,
        description,
        main: 'dist/main.js',
        exports: { './app': { types: './dist/app.d.ts', default: './dist/app.js' }, './package.json': './package.json' },
        dependencies: { '@popote/contracts': '0.1.0', '@popote/platform': '0.1.0' },
        devDependencies: { '@popote/testing': '0.1.0' },
        nx: { tags: ['scope:service', 'type:app'] },
      },
      null,
      2,
    )}\n`,
    'tsconfig.json': `${JSON.stringify(
      {
        extends: '../../tsconfig.base.json',
        compilerOptions: { rootDir: 'src', outDir: 'dist' },
        include: ['src/**/*.ts'],
        exclude: ['src/**/*.spec.ts'],
        references: [{ path: '../shared/contracts' }, { path: '../shared/platform' }],
      },
      null,
      2,
    )}\n`,
    'README.md': `# ${n.fileName}\n\n${description}, in \`popote_${n.fileName}\`.\n\n## Owns\n\n## Answers\n\n## Listens to\n`,
    'src/main.ts': `import './tracing';
import { runService } from '@popote/platform';
import { AppModule } from './app.module';
import { ${p}Config } from './config';

runService('${n.fileName}', ${p}Config(), (config) => AppModule.forRoot(config));
`,
    'src/tracing.ts': `// Imported first by main.ts: instrumentations must patch http/express/mongodb before they load.
import { startTelemetry } from '@popote/platform/telemetry';

startTelemetry('${n.fileName}');
`,
    'src/config.ts': `import { loadConfig, serviceConfigSchema } from '@popote/platform';

export const ${p}ConfigSchema = serviceConfigSchema('${n.fileName}', ${port});
export type ${C}Config = ReturnType<typeof ${p}Config>;
export const ${p}Config = (env: NodeJS.ProcessEnv = process.env) => loadConfig(${p}ConfigSchema, env);
`,
    'src/app.ts': `/**
 * The ${n.fileName} service's public entry for other packages (the cross-service tests): the
 * application module and its configuration. What other services see of it goes through its
 * contracts (@popote/contracts).
 */
export { AppModule } from './app.module';
export { ${p}Config, type ${C}Config } from './config';
`,
    'src/app.module.ts': `import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { ${C}PersonalData } from './account/personal-data';
import type { ${C}Config } from './config';

/** Capabilities join \`features\` (\`nx g @popote/nx-plugin:capability <name> --service ${n.fileName}\`). */
@Module({})
export class AppModule {
  static forRoot(config: ${C}Config): DynamicModule {
    return serviceModule(AppModule, { service: '${n.fileName}', config, features: [], personalData: ${C}PersonalData });
  }
}
`,
    'src/account/personal-data.ts': `import { Injectable } from '@nestjs/common';
import type { PersonalDataExport } from '@popote/contracts';
import type { PersonalDataProvider } from '@popote/platform';

/** The ${n.fileName} service's part of the account lifecycle: each capability adds its section and its erase. */
@Injectable()
export class ${C}PersonalData implements PersonalDataProvider {
  async export(): Promise<PersonalDataExport> {
    return { sections: {}, media_keys: [] };
  }

  async erase(): Promise<void> {}
}
`,
  };
}

function edit(tree, path, change) {
  const before = tree.read(path, 'utf-8');
  if (before === null) throw new Error(`${path} not found`);
  const after = change(before);
  if (after === before) throw new Error(`${path}: found nothing of '${REFERENCE}' to register the service beside`);
  tree.write(path, after);
}

/** Every line matching `pattern` (it names the reference service) is followed by its copy for the new service. */
const copyLines = (pattern, rename) => (text) =>
  text.replace(new RegExp(`^.*${pattern.source}.*$`, 'gm'), (line) => `${line}\n${rename(line)}`);

/** The block that starts at the line matching `start` and ends before the next line matching `end`, followed by its copy. */
function copyBlock(start, end, rename) {
  return (text) => {
    const s = text.search(start);
    if (s < 0) return text;
    const rest = text.slice(s);
    const e = rest.slice(1).search(end);
    const block = e < 0 ? rest : rest.slice(0, e + 1);
    return text.slice(0, s + block.length) + rename(block) + text.slice(s + block.length);
  };
}

/** Appends the name to a quoted list that has the reference service in it (TS arrays, shell word lists). */
const appendToList = (pattern, item) => (text) =>
  text.replace(pattern, (list, ...groups) => list.replace(groups[0], `${groups[0]}${item}`));

async function serviceGenerator(tree, options) {
  const name = options.name;
  if (!/^[a-z]+$/.test(name))
    throw new Error(`'${name}': a service is named in lower-case letters only (its NATS user, database and variables are named after it)`);
  if (tree.exists(`services/${name}`)) throw new Error(`services/${name} exists already`);
  const n = names(name);
  const upper = name.toUpperCase();
  const rename = (s) => s.replaceAll(REFERENCE, name).replaceAll(REFERENCE.toUpperCase(), upper);

  // The contracts' list of services: the new one last (its development port is 4101 + its place).
  const envelope = 'services/shared/contracts/src/shared/envelope.ts';
  const names_ = /export const SERVICE_NAMES = \[([^\]]*)\] as const;/.exec(tree.read(envelope, 'utf-8') ?? '');
  if (!names_) throw new Error(`${envelope}: SERVICE_NAMES not found`);
  const port = 4101 + names_[1].split(',').filter((s) => s.trim()).length;
  edit(tree, envelope, (t) => t.replace(names_[0], `export const SERVICE_NAMES = [${names_[1].trim()}, '${name}'] as const;`));

  // Its own TypeScript in the repository's prettier style; the registries are edited line by line, in theirs.
  const prettier = await import('prettier');
  for (const [file, content] of Object.entries(files(n, port, options.description ?? 'A service of Popote'))) {
    const path = `services/${name}/${file}`;
    const config = file.endsWith('.ts') ? await prettier.resolveConfig(join(tree.root, path)) : null;
    tree.write(path, config ? await prettier.format(content, { ...config, filepath: path }) : content);
  }

  // The deployment's list, and the Kubernetes chart's copy of it.
  edit(tree, 'infra/deploy/src/apps.ts', (t) =>
    t.replace(
      /^(\s*)service\('cart', \d+, \[\]\),$/m,
      (line, indent) => `${line}\n${indent}service('${name}', ${options.heapMiB ?? 192}, []),`,
    ),
  );
  edit(tree, 'infra/k8s/base/charts/popote/apps.json', (t) => {
    const chart = JSON.parse(t);
    const ref = chart.apps.find((a) => a.name === REFERENCE);
    const heap = options.heapMiB ?? 192;
    const app = { ...ref, name, image: `popote/${name}`, nodeOptions: `--max-old-space-size=${heap} --max-semi-space-size=16` };
    chart.apps.splice(chart.apps.indexOf(ref) + 1, 0, app);
    return `${JSON.stringify(chart, null, 2)}\n`;
  });
  edit(tree, 'tsconfig.build.json', (t) => {
    const config = JSON.parse(t);
    const at = config.references.findIndex((r) => r.path === `services/${REFERENCE}`);
    config.references.splice(at + 1, 0, { path: `services/${name}` });
    return `${JSON.stringify(config, null, 2)}\n`;
  });

  // Compose: its block, its NATS password, its database; `.env.example`.
  edit(tree, 'docker-compose.yml', (t) => {
    const heap = options.heapMiB ?? 192;
    const copied = copyBlock(/^ {2}cart:$/m, /^ {2}[a-z][a-z0-9-]*:$/m, (b) =>
      rename(b).replace(/--max-old-space-size=\d+/, `--max-old-space-size=${heap}`),
    )(t);
    return copyLines(/^ {2}NATS_PASSWORD_CART: /, rename)(copied);
  });
  edit(tree, 'infra/compose/mongo-users.js', copyLines(/'popote_cart',/, rename));
  edit(tree, '.env.example', copyLines(/^NATS_PASSWORD_CART=/, rename));

  // Kubernetes: its image in each overlay, its Secret (generated locally, from the vault in production), its MongoDB user.
  edit(tree, 'infra/k8s/overlays/local/kustomization.yaml', copyLines(/\{ name: (popote\/cart|popote-cart),/, rename));
  edit(tree, 'infra/k8s/overlays/production/kustomization.yaml', copyLines(/\{ name: popote\/cart,/, rename));
  edit(
    tree,
    'infra/k8s/overlays/production/external-secrets.yaml',
    copyBlock(
      /^---\n(#.*\n)*apiVersion: external-secrets\.io\/v1\nkind: ExternalSecret\nmetadata:\n {2}name: popote-cart$/m,
      /^---$/m,
      rename,
    ),
  );
  edit(tree, 'infra/k8s/overlays/local/generate-secrets.sh', (t) =>
    appendToList(
      /for app in ([a-z ]*cart)/,
      ` ${name}`,
    )(appendToList(/for s in ([a-z ]*cart)/, ` ${name}`)(copyLines(/^write cart /, rename)(t))),
  );
  edit(tree, 'infra/k8s/dependencies/mongodb.yaml', copyBlock(/^ {4}- name: cart$/m, /^ {4}- name: /m, rename));

  logger.info(
    [
      `services/${name} is registered. Next:`,
      '  npm install                               (the new workspace)',
      `  its contracts in services/shared/contracts/src/${name}/ (RPCs with their callers, events with their consumers)`,
      '  npm run build:ts && node infra/local/dist/nats-render.js   (its NATS user and permissions)',
      '  ./popote test deploy                      (every deployment checked against the list)',
    ].join('\n'),
  );
}

module.exports = serviceGenerator;
module.exports.default = serviceGenerator;
