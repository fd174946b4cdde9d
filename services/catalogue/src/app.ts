/**
 * The catalogue's public entry for other packages (the cross-service tests in tests/saga): the
 * application module, its configuration and the demo data. Nothing deeper is exported on purpose:
 * what other services see of the catalogue goes through its contracts (@popote/contracts).
 */
export { AppModule } from './app.module';
export { catalogueConfig, type CatalogueConfig } from './config';
export { seedCatalogue } from './seed/seed';
