export * from './scopes';
export * from './events/envelope';
export * from './events/verification.events';
export * from './events/onboarding.events';
export * from './events/catalog';
