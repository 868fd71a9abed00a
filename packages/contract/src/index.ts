export * from './common.js';
export * from './messages.js';
export * from './password.js';
export * from './routes.js';
export * from './auth.js';
export * from './storage-keys.js';
export * from './format.js';
