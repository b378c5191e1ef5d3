/** The pure domain rules shared by the browser, the live worker and the server. */
export * from './contracts';
export * from './decimal';
export * from './money';
export * from './chinaTime';
export * from './validation';
export * from './idCard';
export * from './creditCode';
export * from './password';
export * from './text';
export * from './listing';
export * from './lotState';
export * from './bidding';
export * from './liveValues';
export * from './bidRules';
export * from './hall';
export * from './constants';
