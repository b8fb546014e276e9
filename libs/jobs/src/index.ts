export * from './artifact-store';
export * from './job-ledger';
export * from './job-projection';
export * from './temporal';
export * from './job-view';
export * from './s3-artifact-store';
export * from './operator';
export * from './job-list';
