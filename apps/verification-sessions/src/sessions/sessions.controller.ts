import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Scope } from '@pc/contracts';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import type { Page } from '@pc/http';
import { CreateSessionDto } from './dto/create-session.dto';
import { ListSessionsQuery } from './dto/list-sessions.query';
import { SessionPage, SessionResultView, SessionView } from './dto/session.response';
import { presentSession } from './session.presenter';
import { SessionIdPipe } from './session-id.pipe';
import { CreateSession } from './usecases/create-session';
import { DeleteSession } from './usecases/delete-session';
import { ReadSessions } from './usecases/read-sessions';

export const SESSIONS_PATH = 'api/v1/verifications';

const problem = (code: string, status: number, detail: string) => ({
  content: {
    'application/problem+json': {
      example: {
        type: `https://docs.partner-connect.dev/problems/${code}`,
        title: code,
        status,
        code,
        detail,
      },
    },
  },
});

@ApiTags('Verification sessions')
@Controller(SESSIONS_PATH)
export class SessionsController {
  constructor(
    private readonly createSession: CreateSession,
    private readonly deleteSession: DeleteSession,
    private readonly reads: ReadSessions,
  ) {}

  @Post()
  @RequireScope(Scope.VerificationsWrite)
  @ApiOperation({
    summary: 'Create a verification session',
    description:
      'Emits verification.created. With external_id the call is idempotent: the same request returns the existing session with 200.',
  })
  @ApiCreatedResponse({ type: SessionView, description: 'New session.' })
  @ApiOkResponse({
    type: SessionView,
    description: 'The session already created with this external_id and the same request.',
  })
  @ApiConflictResponse({
    description: 'external_id_conflict',
    ...problem(
      'external_id_conflict',
      409,
      'A session with this external_id exists and was created with a different request.',
    ),
  })
  @ApiUnprocessableEntityResponse({
    description:
      'validation_failed, unknown_step, invalid_steps, steps_not_allowed, duplicate_step',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateSessionDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionView> {
    const { session, created } = await this.createSession.execute(principal.partnerId, body);
    response.status(created ? 201 : 200).location(`/${SESSIONS_PATH}/${session.id}`);
    return presentSession(session);
  }

  @Get()
  @RequireScope(Scope.VerificationsRead)
  @ApiOperation({
    summary: 'List sessions (reconciliation)',
    description:
      'Newest first, keyset cursor pages: no gaps or repeats while new sessions are created. Time ranges are [from, to).',
  })
  @ApiOkResponse({ type: SessionPage })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed (filters, per_page, cursor)' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListSessionsQuery,
  ): Promise<Page<SessionView>> {
    return this.reads.list(principal.partnerId, query);
  }

  @Get(':id')
  @RequireScope(Scope.VerificationsRead)
  @ApiOperation({ summary: 'Get a session (polling)' })
  @ApiOkResponse({ type: SessionView })
  @ApiNotFoundResponse({
    description: 'not_found',
    ...problem('not_found', 404, 'No such verification session for this partner.'),
  })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id', SessionIdPipe) id: string,
  ): Promise<SessionView> {
    return this.reads.get(principal.partnerId, id);
  }

  @Get(':id/result')
  @RequireScope(Scope.VerificationsRead)
  @ApiOperation({ summary: 'Get the result of a completed or failed session' })
  @ApiOkResponse({ type: SessionResultView })
  @ApiNotFoundResponse({ description: 'not_found' })
  @ApiConflictResponse({
    description: 'result_not_available: the session is pending, processing or expired',
    ...problem('result_not_available', 409, 'The session has no result yet.'),
  })
  result(
    @CurrentPrincipal() principal: Principal,
    @Param('id', SessionIdPipe) id: string,
  ): Promise<SessionResultView> {
    return this.reads.result(principal.partnerId, id);
  }

  @Delete(':id')
  @HttpCode(200)
  @RequireScope(Scope.VerificationsWrite)
  @ApiOperation({
    summary: 'Delete a session',
    description: 'The session becomes expired and verification.expired is sent.',
  })
  @ApiOkResponse({ type: SessionView, description: 'The session, now expired.' })
  @ApiNotFoundResponse({ description: 'not_found' })
  @ApiConflictResponse({
    description: 'session_finished: already completed, failed or expired',
    ...problem(
      'session_finished',
      409,
      'The session is already completed; it can no longer change.',
    ),
  })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('id', SessionIdPipe) id: string,
  ): Promise<SessionView> {
    return presentSession(await this.deleteSession.execute(principal.partnerId, id));
  }
}
