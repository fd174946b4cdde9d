// `nx g @popote/nx-plugin:capability <name> --service <service>`: a capability folder in the shape
// every service uses (docs/architecture.md, 'Inside a service'), registered in the service's root
// module. What it writes compiles and passes the lint as it is (capability.spec.ts checks both).
const { formatFiles, logger, names } = require('@nx/devkit');

/** The files of one capability, by name; `n`: @nx/devkit's names() of the capability. */
function files(n, service) {
  const C = n.className;
  const f = n.fileName;
  const collection = `${service}_${n.fileName.replace(/-/g, '_')}`;
  return {
    [`${f}.schema.ts`]: `import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One ${n.name} record of an account, keyed by its own id; read by \`_id\` or by \`owner_id\` (both indexed). */
@Schema({ collection: '${collection}', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class ${C} {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true, index: true }) owner_id!: string;
  @Prop({ type: String, required: true }) label!: string;
  created_at!: Date;
  updated_at!: Date;
}
export const ${C}Schema = SchemaFactory.createForClass(${C});
`,
    [`${f}.rules.ts`]: `/** The rules of ${n.name}, pure: no store, no clock, no network (tested in ${f}.rules.spec.ts). */

/** Longest label, in characters. */
export const MAX_${n.constantName}_LABEL = 80;

/** The label as stored: trimmed, inner blanks collapsed; null when empty or too long. */
export function ${n.propertyName}Label(input: string): string | null {
  const label = input.trim().replace(/\\s+/g, ' ');
  return label.length > 0 && label.length <= MAX_${n.constantName}_LABEL ? label : null;
}
`,
    [`${f}.rules.spec.ts`]: `import { describe, expect, it } from 'vitest';
import { ${n.propertyName}Label, MAX_${n.constantName}_LABEL } from './${f}.rules';

describe('${n.propertyName}Label', () => {
  it('trims and collapses blanks, and refuses an empty or too long label', () => {
    expect(${n.propertyName}Label('  a   b ')).toBe('a b');
    expect(${n.propertyName}Label('   ')).toBeNull();
    expect(${n.propertyName}Label('x'.repeat(MAX_${n.constantName}_LABEL + 1))).toBeNull();
  });
});
`,
    [`${f}.mapper.ts`]: `import type { ${C} } from './${f}.schema';

/** What leaves the service of a ${n.name} record (the contract's DTO when an RPC returns it). */
export interface ${C}View {
  id: string;
  label: string;
  created_at: string;
}

export const to${C}View = (doc: ${C}): ${C}View => ({ id: doc._id, label: doc.label, created_at: doc.created_at.toISOString() });
`,
    [`${f}.service.ts`]: `import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DomainError, type Actor } from '@popote/contracts';
import type { Model } from 'mongoose';
import { to${C}View, type ${C}View } from './${f}.mapper';
import { ${n.propertyName}Label } from './${f}.rules';
import { ${C} } from './${f}.schema';

/** ${C}: reads and writes the records, the rules deciding (${f}.rules.ts). */
@Injectable()
export class ${C}Service {
  constructor(@InjectModel(${C}.name) private readonly records: Model<${C}>) {}

  async ofOwner(actor: Actor): Promise<${C}View[]> {
    const docs = await this.records.find({ owner_id: actor.user_id }).limit(200).lean<${C}[]>();
    return docs.map(to${C}View);
  }

  async rename(actor: Actor, id: string, input: string): Promise<${C}View> {
    const label = ${n.propertyName}Label(input);
    if (!label) throw new DomainError('VALIDATION_FAILED', 'Le libellé est vide ou trop long.');
    const doc = await this.records
      .findOneAndUpdate({ _id: id, owner_id: actor.user_id }, { $set: { label } }, { new: true })
      .lean<${C}>();
    if (!doc) throw new DomainError('NOT_FOUND', 'Introuvable.');
    return to${C}View(doc);
  }
}
`,
    [`${f}.personal-data.ts`]: `import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { to${C}View, type ${C}View } from './${f}.mapper';
import { ${C} } from './${f}.schema';

/** ${C}'s part of the account lifecycle, composed by the service's PersonalDataProvider (account/personal-data.ts). */
@Injectable()
export class ${C}PersonalData {
  constructor(@InjectModel(${C}.name) private readonly records: Model<${C}>) {}

  /** The account's records, for its export. */
  async section(userId: string): Promise<${C}View[]> {
    return (await this.records.find({ owner_id: userId }).limit(1000).lean<${C}[]>()).map(to${C}View);
  }

  /** Deleted with the account (a second run finds nothing). */
  async erase(userId: string): Promise<void> {
    await this.records.deleteMany({ owner_id: userId });
  }
}
`,
    [`${f}.module.ts`]: `import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ${C}PersonalData } from './${f}.personal-data';
import { ${C}, ${C}Schema } from './${f}.schema';
import { ${C}Service } from './${f}.service';

/**
 * ${C}. Its RPC handlers (\`${f}.rpc.controller.ts\`, with a contract in
 * services/shared/contracts/src/${service}/), event handlers (\`${f}.handlers.ts\`) and jobs
 * (\`${f}.jobs.ts\`, \`@PeriodicJob\`) join this module when it has them.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: ${C}.name, schema: ${C}Schema }])],
  providers: [${C}Service, ${C}PersonalData],
  exports: [MongooseModule, ${C}Service, ${C}PersonalData],
})
export class ${C}Module {}
`,
  };
}

/** Adds the module to the \`features\` of the service's root module (serviceModule). */
function register(tree, service, n) {
  const path = `services/${service}/src/app.module.ts`;
  const text = tree.read(path, 'utf-8');
  if (!text) throw new Error(`${path} not found: is '${service}' a service under services/?`);
  const features = /features: \[([^\]]*)\]/.exec(text);
  if (!features) throw new Error(`${path}: no \`features: [...]\` of serviceModule to add ${n.className}Module to`);
  const list = features[1].trim();
  const added = text.replace(features[0], `features: [${list ? `${list}, ` : ''}${n.className}Module]`);
  const lastImport = [...added.matchAll(/^import .*;$/gm)].pop();
  const at = lastImport ? lastImport.index + lastImport[0].length : 0;
  const line = `\nimport { ${n.className}Module } from './${n.fileName}/${n.fileName}.module';`;
  tree.write(path, added.slice(0, at) + line + added.slice(at));
}

async function capabilityGenerator(tree, options) {
  const { service } = options;
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(options.name)) throw new Error(`'${options.name}': a capability is named in kebab case`);
  const n = names(options.name);
  const dir = `services/${service}/src/${n.fileName}`;
  if (tree.exists(dir)) throw new Error(`${dir} exists already`);
  for (const [file, content] of Object.entries(files(n, service))) tree.write(`${dir}/${file}`, content);
  register(tree, service, n);
  await formatFiles(tree);
  logger.info(
    `${n.className}PersonalData: add its section and its erase to services/${service}/src/account/personal-data.ts, so the account's export and erasure include ${n.fileName}.`,
  );
}

module.exports = capabilityGenerator;
module.exports.default = capabilityGenerator;
