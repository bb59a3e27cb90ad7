import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthModule } from '@pc/auth';
import { HttpPlatformModule, databaseConfigOf, databaseProbe } from '@pc/http';
import { MerchantAccountEnv } from './config/merchant-account.env';
import { merchantAccountDataSourceOptions } from './merchant-account.datasource';

/** Merchants, delegations, balances and payments. Serves health and metrics until its issue lands. */
@Module({})
export class AppModule {
  static register(env: MerchantAccountEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HttpPlatformModule.forRoot({
          service: 'merchant-account',
          logLevel: env.LOG_LEVEL,
          idempotency: true,
          readiness: { inject: [DataSource], useFactory: (ds: DataSource) => [databaseProbe(ds)] },
        }),
        TypeOrmModule.forRoot(merchantAccountDataSourceOptions(databaseConfigOf(env))),
        AuthModule.forRoot({ internalSecret: env.INTERNAL_AUTH_SECRET }),
      ],
      providers: [{ provide: MerchantAccountEnv, useValue: env }],
    };
  }
}
