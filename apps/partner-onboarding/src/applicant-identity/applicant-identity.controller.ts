import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { ApiProblems, ApiRefParam } from '../common/api-docs';
import { ApplicantIdentityService } from './applicant-identity.service';
import { ApplicantIdentityDto, SegmentSavedResponse } from './dto/applicant-identity.dto';

@ApiTags('Onboarding segments')
@Controller('api/v1/onboarding/:ref/applicant-identity')
export class ApplicantIdentityController {
  constructor(private readonly identities: ApplicantIdentityService) {}

  @Put()
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiOperation({
    summary: 'Prefill Applicant Identity',
    description:
      'Natural person or sole trader only; stores data only (the merchant still confirms identity in the hosted flow).',
  })
  @ApiBody({
    type: ApplicantIdentityDto,
    examples: {
      applicant: {
        value: {
          national_id_number: '44051401458',
          identity_document: {
            type: 'id_card',
            number: 'ABA300000',
            expiry_date: '2031-05-20',
            issuing_country: 'PL',
          },
          residential_address: {
            street: 'ul. Polna',
            building_number: '5',
            postal_code: '00-850',
            city: 'Warszawa',
            country: 'PL',
          },
          place_of_birth: { city: 'Kraków', country: 'PL' },
          citizenships: ['PL'],
        },
      },
    },
  })
  @ApiResponse({ status: 200, type: SegmentSavedResponse })
  @ApiProblems([404, 409, 422], {
    422: '`not_applicable_to_entity_type` for a multi-person company, `entity_type_not_set`, or `validation_failed`.',
  })
  prefill(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Body() dto: ApplicantIdentityDto,
  ): Promise<SegmentSavedResponse> {
    return this.identities.prefill(principal, ref, dto);
  }
}
