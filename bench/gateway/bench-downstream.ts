import { Controller, Get, Module, Param } from '@nestjs/common';
import { Scope } from '@pc/contracts';
import { AuthModule, CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { createServiceApp, HttpPlatformModule } from '@pc/http';

/** A service like the real ones (@pc/http + @pc/auth): an authenticated, partner-scoped GET. */
@Controller('api/v1/bench/items')
class ItemsController {
  @Get(':id')
  @RequireScope(Scope.AccountRead)
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return {
      id,
      partner_id: principal.partnerId,
      channel: principal.channels[0],
      status: 'active',
    };
  }
}

async function main(): Promise<void> {
  const [port, logLevel, secret] = [
    Number(process.env.PORT),
    process.env.LOG_LEVEL ?? 'info',
    process.env.INTERNAL_AUTH_SECRET ?? '',
  ];
  @Module({
    imports: [
      HttpPlatformModule.forRoot({ service: 'bench-downstream', logLevel }),
      AuthModule.forRoot({ internalSecret: secret }),
    ],
    controllers: [ItemsController],
  })
  class BenchDownstreamModule {}
  const app = await createServiceApp(BenchDownstreamModule, {
    title: 'Bench downstream',
    description: 'Benchmark service.',
  });
  await app.listen(port, '127.0.0.1');
}

void main();
