export * from './tables.js';
