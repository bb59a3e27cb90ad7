import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { ApiProblems, ApiRefParam } from '../common/api-docs';
import { CompanyService } from './company.service';
import { CompanySegmentDto, CompanySegmentResponse } from './dto/company-segment.dto';

@ApiTags('Onboarding segments')
@Controller('api/v1/onboarding/:ref/company')
export class CompanyController {
  constructor(private readonly company: CompanyService) {}

  @Patch()
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiOperation({
    summary: 'Set Company Data Segment',
    description:
      '`has_nip: false` is a natural person (no other field allowed); `true` needs the full company block, which is ' +
      'checked against the public register (sandbox: docs/onboarding.md). Sets the entity type. Never moves the ' +
      "merchant's position in the hosted flow.",
  })
  @ApiBody({
    type: CompanySegmentDto,
    examples: {
      natural_person: { value: { has_nip: false } },
      company: {
        value: {
          has_nip: true,
          nip: '5260000011',
          regon: '140000017',
          krs: '0000000001',
          legal_form: 'limited_liability_company',
          name: 'Dwuosobowy Zarząd Sp. z o.o.',
          registered_address: {
            street: 'ul. Prosta',
            building_number: '20',
            postal_code: '00-850',
            city: 'Warszawa',
            country: 'PL',
          },
        },
      },
      sole_trader: {
        value: {
          has_nip: true,
          nip: '1234563218',
          regon: '123456785',
          legal_form: 'sole_proprietorship',
          name: 'Jan Kowalski Usługi Informatyczne',
          registered_address: {
            street: 'ul. Polna',
            building_number: '5',
            postal_code: '00-850',
            city: 'Warszawa',
            country: 'PL',
          },
        },
      },
    },
  })
  @ApiResponse({ status: 200, type: CompanySegmentResponse })
  @ApiProblems([404, 409, 422], {
    422: '`validation_failed` (NIP/REGON checksums, KRS format, fields not allowed for a natural person), `entity_struck_off`, `entity_not_in_register`, `register_mismatch`.',
  })
  set(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Body() dto: CompanySegmentDto,
  ): Promise<CompanySegmentResponse> {
    return this.company.setCompany(principal, ref, dto);
  }
}
