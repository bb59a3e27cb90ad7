export * from './infrastructure';
export * from './test-database';
export * from './tcp-proxy';
export * from './event-capture';
