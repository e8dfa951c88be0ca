export * from './customers.js';
export * from './places.js';
export * from './shop.js';
export * from './payments.js';
export * from './mail.js';
export * from './delivery.js';
export * from './staff.js';
