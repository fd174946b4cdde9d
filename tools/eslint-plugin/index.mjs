// Popote's own lint rules (eslint.config.mjs turns them on; rules.spec.ts plants a violation of each).

/** A comment that sends the reader to a tracker or to numbered sections of a document they may not have. */
const UNTRACEABLE = [
  { pattern: /\bissues?\s+#?\d+/i, what: 'an issue number' },
  { pattern: /§\s*\d/, what: 'a numbered section (§N)' },
];

const noUntraceableReferences = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments say the rule in words: no issue numbers, no "§N" section numbers.' },
    schema: [],
    messages: {
      cites: 'This comment cites {{what}}: say the rule or the reason in words (an ADR or a doc by its name is fine).',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const hit = UNTRACEABLE.find(({ pattern }) => pattern.test(comment.value));
          if (hit) context.report({ loc: comment.loc, messageId: 'cites', data: { what: hit.what } });
        }
      },
    };
  },
};

/**
 * What changes or removes a stored document, through mongoose or its driver collection. Inserts are
 * not in the list: a new document has no other writer (a second insert of its key fails), and the
 * events recorded on it go out with `relay.save`.
 */
const WRITES = new Set([
  'bulkWrite',
  'deleteMany',
  'deleteOne',
  'findByIdAndDelete',
  'findByIdAndUpdate',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
]);

const nameOf = (node) =>
  node?.type === 'Identifier' ? node.name : node?.type === 'MemberExpression' && !node.computed ? node.property.name : undefined;

/** `relay.change(model, id, fn)` (or another step named in `steps`, as `buyers.run`): the function it runs. */
const isStep = (node, steps) =>
  node?.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  steps.has(`${nameOf(node.callee.object)}.${nameOf(node.callee)}`);

/** An upsert that only sets fields on insert (`{ $setOnInsert: … }`): an insert, a taken key changing nothing. */
const insertsOnly = (call) => {
  const update = call.arguments[1];
  return (
    update?.type === 'ObjectExpression' &&
    update.properties.length > 0 &&
    update.properties.every((p) => p.type === 'Property' && (p.key.name ?? p.key.value) === '$setOnInsert')
  );
};

const outboxWritesThroughRelay = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A model whose documents carry an outbox is written inside relay.change (or by relay.save): the step holds the lock and publishes what it recorded.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          /** The store's fields holding such a model (`this.store.<field>`). */
          storeFields: { type: 'array', items: { type: 'string' } },
          /** The document classes of such models (`@InjectModel(<Class>.name) private readonly <field>`). */
          classes: { type: 'array', items: { type: 'string' } },
          /** Calls whose function runs under the owner's lock, besides `relay.change` (`buyers.run`). */
          steps: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      outside: "'{{model}}' carries an outbox: change it inside relay.change(model, id, …) (or relay.save), not with a bare {{method}}.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const storeFields = new Set(options.storeFields ?? []);
    const classes = new Set(options.classes ?? []);
    const steps = new Set(['relay.change', ...(options.steps ?? [])]);
    // The fields this file injects with such a model.
    const injected = new Set();
    const text = context.sourceCode.getText();
    for (const m of text.matchAll(/@InjectModel\((\w+)\.name\)\s+(?:private |public |protected )?(?:readonly )?(\w+)/g))
      if (classes.has(m[1])) injected.add(m[2]);
    const isOutboxModel = (node) =>
      node?.type === 'MemberExpression' &&
      ((nameOf(node.object) === 'store' && storeFields.has(nameOf(node))) ||
        (node.object.type === 'ThisExpression' && injected.has(nameOf(node))));
    return {
      CallExpression(node) {
        if (node.callee.type !== 'MemberExpression') return;
        const method = nameOf(node.callee);
        if (!WRITES.has(method)) return;
        if (insertsOnly(node)) return;
        let target = node.callee.object;
        if (nameOf(target) === 'collection') target = target.object; // model.collection.updateOne(...)
        if (!isOutboxModel(target)) return;
        const model = nameOf(target);
        for (let up = node.parent; up; up = up.parent) {
          const isFn = up.type === 'ArrowFunctionExpression' || up.type === 'FunctionExpression';
          if (isFn && isStep(up.parent, steps) && up.parent.arguments.includes(up)) return;
        }
        context.report({ node, messageId: 'outside', data: { model, method } });
      },
    };
  },
};

/**
 * What a NestJS class or method is, by its decorator, and the endings its file may have: a reader
 * finds a capability's schema, module, RPC handlers, event handlers and resolvers by file name
 * (docs/architecture.md, "Inside a service"; the capability generator writes them so).
 */
const ROLES = {
  Schema: ['.schema.ts'],
  Module: ['.module.ts'],
  EventHandler: ['.handler.ts', '.handlers.ts', '.consumer.ts'],
  RpcHandler: ['.rpc.controller.ts'],
  Controller: ['.controller.ts'],
  Resolver: ['.resolver.ts'],
};
const decoratorName = (d) => {
  const e = d.expression.type === 'CallExpression' ? d.expression.callee : d.expression;
  return e.type === 'Identifier' ? e.name : undefined;
};

const fileNamedByRole = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A schema, module, RPC or event handler, controller or resolver lives in a file named after its role.' },
    schema: [],
    messages: { misplaced: '@{{role}} belongs in a file ending {{endings}} (the layout of a capability folder).' },
  },
  create(context) {
    const file = context.filename;
    const check = (decorators = []) => {
      for (const d of decorators) {
        const role = decoratorName(d);
        const endings = role && ROLES[role];
        if (endings && !endings.some((e) => file.endsWith(e)))
          context.report({ node: d, messageId: 'misplaced', data: { role, endings: endings.join(' or ') } });
      }
    };
    return {
      ClassDeclaration: (node) => check(node.decorators),
      MethodDefinition: (node) => check(node.decorators),
    };
  },
};

export default {
  meta: { name: 'eslint-plugin-popote' },
  rules: {
    'no-untraceable-references': noUntraceableReferences,
    'outbox-writes-through-relay': outboxWritesThroughRelay,
    'file-named-by-role': fileNamedByRole,
  },
};
