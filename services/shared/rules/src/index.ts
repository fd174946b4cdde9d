// The rules the services (through @popote/contracts) and the frontends share. Browser-safe: zod
// only, nothing runs on import (schemas are built by their make* functions).
export * from './vocabulary';
export * from './limits';
export * from './siret';
export * from './urls';
export * from './reservation';
export * from './meal';
export * from './pickup';
export * from './alerts';
export * from './ads';
export * from './traders';
export * from './moderation';
export * from './delivery';
export * from './promotions';
