export * from './periodic-job';
export * from './periodic-jobs';
export * from './periodic-task';
