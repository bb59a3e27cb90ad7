import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { ApiProblems, ApiRefParam } from '../common/api-docs';
import { BankAccountProfileService } from './bank-account-profile.service';
import { BankAccountProfileDto, BankAccountProfileResponse } from './dto/bank-account-profile.dto';

@ApiTags('Onboarding segments')
@Controller('api/v1/onboarding/:ref/bank-account-profile')
export class BankAccountProfileController {
  constructor(private readonly profiles: BankAccountProfileService) {}

  @Put()
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiOperation({
    summary: 'Set Bank Account And Transactional Profile',
    description:
      'Needs the entity type (PATCH …/company) first. Polish IBAN. Money fields are whole PLN integers (`*_pln`). ' +
      '`main_activity_pkd` is required for sole traders and companies and refused for a natural person; a regulated ' +
      'activity adds a required document to upload.',
  })
  @ApiBody({
    type: BankAccountProfileDto,
    examples: {
      company: {
        value: {
          bank_account: {
            iban: 'PL61109010140000071219812874',
            holder_name: 'Dwuosobowy Zarząd Sp. z o.o.',
          },
          transactional_profile: {
            expected_monthly_turnover_pln: 50000,
            expected_monthly_transactions: 1200,
            average_transaction_amount_pln: 42,
            max_transaction_amount_pln: 5000,
          },
          shop_industry: 'electronics',
          shop_url: 'https://shop.example.pl',
          main_activity_pkd: '47.91.Z',
        },
      },
    },
  })
  @ApiResponse({ status: 200, type: BankAccountProfileResponse })
  @ApiProblems([404, 409, 422], {
    422: '`entity_type_not_set`, or `validation_failed` (IBAN, whole-PLN integers, PKD rules).',
  })
  set(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Body() dto: BankAccountProfileDto,
  ): Promise<BankAccountProfileResponse> {
    return this.profiles.set(principal, ref, dto);
  }
}
