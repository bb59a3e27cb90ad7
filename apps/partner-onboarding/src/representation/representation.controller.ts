import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { ApiProblems, ApiRefParam } from '../common/api-docs';
import { RepresentationDecisionDto, RepresentationResponse } from './dto/representation.dto';
import { RepresentationService } from './representation.service';

@ApiTags('Onboarding segments')
@Controller('api/v1/onboarding/:ref/representation')
export class RepresentationController {
  constructor(private readonly representation: RepresentationService) {}

  @Put()
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiOperation({
    summary: 'Set Company Representation Decision',
    description:
      'Multi-person companies only. `representation_mode` is derived from the registered governing body and the ' +
      'decision: `solo`, `co_representative` (a board acting jointly) or `proxy` (the applicant does not represent the company).',
  })
  @ApiBody({
    type: RepresentationDecisionDto,
    examples: { board_member: { value: { represents_company: true } } },
  })
  @ApiResponse({ status: 200, type: RepresentationResponse })
  @ApiProblems([404, 409, 422], {
    422: '`not_applicable_to_entity_type` for a sole trader or natural person, `entity_type_not_set`, or `validation_failed`.',
  })
  decide(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Body() dto: RepresentationDecisionDto,
  ): Promise<RepresentationResponse> {
    return this.representation.decide(principal, ref, dto);
  }
}
