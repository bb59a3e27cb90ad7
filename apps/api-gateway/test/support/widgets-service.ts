import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  Body,
  Controller,
  Get,
  Headers,
  Module,
  Param,
  Post,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiOperation } from '@nestjs/swagger';
import { Scope } from '@pc/contracts';
import { AuthModule, CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { createServiceApp, loggerModule, ProblemException } from '@pc/http';

export const WIDGETS_INTERNAL_SECRET = 'x'.repeat(32);

interface UploadedDocument {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

export interface Widget {
  id: string;
  partnerId: string;
  name: string;
}

/** Partner-scoped data of the test service: filled by the test once partners exist. */
export const widgets = new Map<string, Widget>();

/** A small real service behind the gateway: scoped by the signed principal, like every service. */
@Controller('api/v1/widgets')
class WidgetsController {
  @Get('echo')
  @RequireScope(Scope.AccountRead)
  @ApiOperation({ summary: 'What the service received (for gateway tests)' })
  echo(@CurrentPrincipal() principal: Principal, @Headers() headers: Record<string, string>) {
    return { principal, headers };
  }

  @Post('echo')
  @RequireScope(Scope.OnboardingWrite)
  @ApiOperation({ summary: 'Echo a JSON body' })
  echoBody(
    @CurrentPrincipal() principal: Principal,
    @Headers() headers: Record<string, string>,
    @Body() body: unknown,
  ) {
    return { principal, headers, body };
  }

  @Get(':id')
  @RequireScope(Scope.AccountRead)
  @ApiOperation({ summary: 'Get a widget of the calling partner' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Widget {
    const widget = widgets.get(id);
    if (!widget || widget.partnerId !== principal.partnerId)
      throw ProblemException.notFound('Widget');
    return widget;
  }

  @Post('uploads')
  @RequireScope(Scope.OnboardingWrite)
  @UseInterceptors(FileInterceptor('file'))
  @ApiOperation({ summary: 'Upload a document' })
  upload(@UploadedFile() file: UploadedDocument, @Body() fields: Record<string, string>) {
    return {
      filename: file.originalname,
      mimetype: file.mimetype,
      size: file.size,
      sha256: createHash('sha256').update(file.buffer).digest('hex'),
      fields,
    };
  }
}

@Module({
  imports: [
    loggerModule('widgets', 'silent'),
    AuthModule.forRoot({ internalSecret: WIDGETS_INTERNAL_SECRET }),
  ],
  controllers: [WidgetsController],
})
class WidgetsModule {}

export interface RunningService {
  app: NestExpressApplication;
  url: string;
}

/** Starts the widgets service on a free port. */
export async function startWidgetsService(): Promise<RunningService> {
  const app = await createServiceApp(WidgetsModule, {
    title: 'Widgets',
    description: 'A test service.',
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}
