/**
 * Identity's public entry for other packages (the cross-service tests in tests/saga): the
 * application module, its configuration and the demo accounts. Nothing deeper is exported on
 * purpose: what other services see of identity goes through its contracts (@popote/contracts).
 */
export { AppModule } from './app.module';
export { identityConfig, type IdentityConfig } from './config';
export { seedIdentity } from './seed/seed';
/** Operators are created by a command only (ADR 0041): the cross-service tests create theirs with the command's service. */
export { OperatorsService } from './operators/operators.service';
