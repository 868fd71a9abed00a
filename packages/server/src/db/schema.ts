export * from './tables.js';
export * from '../modules/members/tables.js';
export * from '../modules/shops/tables.js';
export * from '../modules/goods/tables.js';
export * from '../modules/orders/tables.js';
export * from '../modules/dashboard/tables.js';
export * from '../modules/media/tables.js';
export * from '../modules/regions/tables.js';
