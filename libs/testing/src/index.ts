export * from './infrastructure';
export * from './test-database';
export * from './tcp-proxy';
export * from './event-capture';
export * from './service-basics';
