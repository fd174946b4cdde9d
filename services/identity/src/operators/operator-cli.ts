import { DomainError, OPERATOR_MESSAGES } from '@popote/contracts';
import mongoose from 'mongoose';
import { z } from 'zod';
import { identityConfig } from '../config';
import { auditDatabaseOf, Operator, OperatorAudit, OperatorAuditSchema, OperatorSchema } from './operator.schema';
import { createOperator, disableOperator } from './operators.service';

const USAGE = 'usage: operator-cli add <email> <nom affiché> | operator-cli disable <email> <motif>';

/**
 * `node dist/operators/operator-cli.js add <email> <name>`: creates an operator in identity's
 * database (MONGO_URL, MONGO_DB as the service reads them) and prints the first password once.
 * `disable <email> <reason>`: the operator can do nothing more (every console operation asks identity,
 * which refuses a disabled operator; their console session ends within OPERATOR_SESSION_TTL_S).
 * Both are lines of the audit log. Run by `./popote operator …` locally, and in a deployment inside
 * the identity container (`kubectl exec deploy/identity -- node services/identity/dist/operators/operator-cli.js …`).
 */
async function main(): Promise<number> {
  const [cmd, rawEmail, ...nameParts] = process.argv.slice(2);
  if ((cmd !== 'add' && cmd !== 'disable') || !rawEmail) {
    console.error(USAGE);
    return 2;
  }
  const email = z.email(OPERATOR_MESSAGES.emailInvalid).safeParse(rawEmail.trim().toLowerCase());
  const name = nameParts.join(' ').trim();
  if (!email.success || !name) {
    console.error(
      !email.success
        ? OPERATOR_MESSAGES.emailInvalid
        : cmd === 'disable'
          ? OPERATOR_MESSAGES.reasonRequired
          : OPERATOR_MESSAGES.nameRequired,
    );
    console.error(USAGE);
    return 2;
  }
  const config = identityConfig();
  const conn = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
  try {
    const operators = conn.model(Operator.name, OperatorSchema);
    const audit = conn.useDb(auditDatabaseOf(config.MONGO_DB), { useCache: true }).model(OperatorAudit.name, OperatorAuditSchema);
    if (cmd === 'disable') {
      const disabled = await disableOperator(operators, audit, email.data, name);
      console.log(disabled ? `Opérateur désactivé : <${email.data}>` : `Aucun opérateur actif avec l’adresse ${email.data}`);
      return disabled ? 0 : 1;
    }
    await operators.init(); // the unique index on email exists before the insert
    const created = await createOperator(operators, audit, email.data, name);
    console.log(`Opérateur créé : ${name} <${email.data}> (${created.operator_id})`);
    console.log(`Mot de passe provisoire : ${created.password}`);
    console.log(
      'À la première connexion à la console, il associe une application d’authentification (TOTP) et reçoit ses codes de secours.',
    );
    return 0;
  } catch (err) {
    console.error(err instanceof DomainError ? err.message : (err as Error).message);
    return 1;
  } finally {
    await conn.close();
  }
}

void main().then((code) => process.exit(code));
