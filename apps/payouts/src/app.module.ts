import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthModule } from '@pc/auth';
import { HttpPlatformModule, databaseConfigOf, databaseProbe } from '@pc/http';
import { PayoutsEnv } from './config/payouts.env';
import { payoutsDataSourceOptions } from './payouts.datasource';

/** Payouts of the whole available balance. Serves health and metrics until its issue lands. */
@Module({})
export class AppModule {
  static register(env: PayoutsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HttpPlatformModule.forRoot({
          service: 'payouts',
          logLevel: env.LOG_LEVEL,
          idempotency: true,
          readiness: { inject: [DataSource], useFactory: (ds: DataSource) => [databaseProbe(ds)] },
        }),
        TypeOrmModule.forRoot(payoutsDataSourceOptions(databaseConfigOf(env))),
        AuthModule.forRoot({ internalSecret: env.INTERNAL_AUTH_SECRET }),
      ],
      providers: [{ provide: PayoutsEnv, useValue: env }],
    };
  }
}
