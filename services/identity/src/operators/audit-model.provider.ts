import type { Provider } from '@nestjs/common';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import { PLATFORM_CONFIG } from '@popote/platform';
import type { Connection } from 'mongoose';
import type { IdentityConfig } from '../config';
import { auditDatabaseOf, OperatorAudit, OperatorAuditSchema } from './operator.schema';

/**
 * The audit log's model, on its own database over identity's connection (`useDb`: one pool), so
 * that the database user's rights there — find and insert only in production — keep it append-only.
 * Injected as `@InjectModel(OperatorAudit.name)` like any model.
 */
export const AuditModelProvider: Provider = {
  provide: getModelToken(OperatorAudit.name),
  inject: [getConnectionToken(), PLATFORM_CONFIG],
  useFactory: (connection: Connection, config: IdentityConfig) =>
    connection.useDb(auditDatabaseOf(config.MONGO_DB), { useCache: true }).model(OperatorAudit.name, OperatorAuditSchema),
};
