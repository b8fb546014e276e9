export * from './api-keys';
export * from './customer-users';
export * from './provisioning';
export * from './brand-profiles';
export * from './operator-keys';
export * from './key-usage-folds';
