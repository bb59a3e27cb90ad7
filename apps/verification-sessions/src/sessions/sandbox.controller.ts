import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Scope } from '@pc/contracts';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { SandboxReportDto } from './dto/sandbox-report.dto';
import { SessionView } from './dto/session.response';
import { presentSession } from './session.presenter';
import { SessionIdPipe } from './session-id.pipe';
import { SESSIONS_PATH } from './sessions.controller';
import { RecordProviderReport } from './usecases/record-provider-report';

/** Sandbox only (SANDBOX_MODE=true): not registered at all otherwise. Drives the sandbox providers. */
@ApiTags('Verification sessions (sandbox)')
@Controller(SESSIONS_PATH)
export class SandboxController {
  constructor(private readonly recordReport: RecordProviderReport) {}

  @Post(':id/sandbox/complete')
  @HttpCode(200)
  @RequireScope(Scope.VerificationsWrite)
  @ApiOperation({
    summary: 'Sandbox: make the provider report an outcome',
    description:
      'Single mode: finishes the session. Sequential/dynamic: finishes `step` (verification.step_completed) or, for a rejected or last step, the session. See docs/verification-sessions.md for test values.',
  })
  @ApiOkResponse({ type: SessionView })
  @ApiConflictResponse({
    description: 'session_finished, step_already_completed, step_out_of_order',
  })
  @ApiUnprocessableEntityResponse({
    description:
      'validation_failed, step_required, step_not_allowed, unknown_step, finish_not_allowed',
  })
  async complete(
    @CurrentPrincipal() principal: Principal,
    @Param('id', SessionIdPipe) id: string,
    @Body() body: SandboxReportDto,
  ): Promise<SessionView> {
    const session = await this.recordReport.execute(principal.partnerId, id, {
      step: body.step ?? null,
      outcome: body.outcome ?? 'verified',
      rejectionReasons: body.rejection_reasons ?? [],
      evidence: evidenceOf(body),
      finish: body.finish ?? false,
    });
    return presentSession(session);
  }
}

function evidenceOf(body: SandboxReportDto): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body.evidence ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
