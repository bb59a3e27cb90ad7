export * from './principal';
export * from './decorators';
export * from './principal.guard';
export * from './auth.module';
export * from './channel-scope';
