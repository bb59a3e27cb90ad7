import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { INTERNAL_AUTH_SECRET, PrincipalGuard } from './principal.guard';

/** Installs PrincipalGuard on every route of a service (routes opt out with @PublicRoute). */
@Module({})
export class AuthModule {
  static forRoot(options: { internalSecret: string }): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        { provide: INTERNAL_AUTH_SECRET, useValue: options.internalSecret },
        { provide: APP_GUARD, useClass: PrincipalGuard },
      ],
      exports: [INTERNAL_AUTH_SECRET],
    };
  }
}
