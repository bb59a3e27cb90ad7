export * from './signature';
export * from './verify';
export * from './dedupe-store';
export * from './webhook-receiver';
