import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthModule } from '@pc/auth';
import { HttpPlatformModule, databaseConfigOf, databaseProbe } from '@pc/http';
import { HostedFlowEnv } from './config/hosted-flow.env';
import { hostedFlowDataSourceOptions } from './hosted-flow.datasource';
import { HostedLinkLookup } from './links/hosted-link-lookup';
import { HostedPagesController } from './pages/hosted-pages.controller';

/** Merchant-facing pages reached by signed links (invitation links and the onboarding hand-off so far). */
@Module({})
export class AppModule {
  static register(env: HostedFlowEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HttpPlatformModule.forRoot({
          service: 'hosted-flow',
          logLevel: env.LOG_LEVEL,
          readiness: { inject: [DataSource], useFactory: (ds: DataSource) => [databaseProbe(ds)] },
        }),
        TypeOrmModule.forRoot(hostedFlowDataSourceOptions(databaseConfigOf(env))),
        AuthModule.forRoot({ internalSecret: env.INTERNAL_AUTH_SECRET }),
      ],
      controllers: [HostedPagesController],
      providers: [{ provide: HostedFlowEnv, useValue: env }, HostedLinkLookup],
    };
  }
}
