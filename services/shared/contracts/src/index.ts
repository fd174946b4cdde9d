// First: French validation messages for every schema below (a global zod setting).
export * from './french-errors';
export * from './enums';
export * from './errors';
export * from './ids';
export * from './envelope';
export * from './catalogue';
export * from './pickup';
export * from './identity';
export * from './cart';
export * from './ordering';
export * from './payments';
export * from './notifications';
export * from './account';
