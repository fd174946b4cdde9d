/**
 * Ordering's public entry for other packages (the cross-service tests in tests/saga): the
 * application module and its configuration. Nothing deeper is exported on purpose: what other
 * services see of ordering goes through its contracts (@popote/contracts).
 */
export { AppModule } from './app.module';
export { orderingConfig, type OrderingConfig } from './config';
