import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { ApiProblems, ApiRefParam } from '../common/api-docs';
import { BeneficialOwnersService } from './beneficial-owners.service';
import { BeneficialOwnerCreated, BeneficialOwnerDto } from './dto/beneficial-owner.dto';

@ApiTags('Onboarding beneficial owners')
@Controller('api/v1/onboarding/:ref/beneficial-owners')
export class BeneficialOwnersController {
  constructor(private readonly owners: BeneficialOwnersService) {}

  @Post()
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiOperation({
    summary: 'Add Beneficial Owner',
    description:
      "Multi-person companies only. The PEP and source-of-wealth declarations are made by the submitter on the owner's behalf.",
  })
  @ApiBody({
    type: BeneficialOwnerDto,
    examples: {
      owner: {
        value: {
          identity: {
            first_name: 'Anna',
            last_name: 'Nowak',
            national_id_number: '44051401458',
            date_of_birth: '1944-05-14',
            citizenships: ['PL'],
          },
          address: {
            street: 'ul. Prosta',
            building_number: '20',
            postal_code: '00-850',
            city: 'Warszawa',
            country: 'PL',
          },
          indication_basis: { type: 'ownership', ownership_percent: 60 },
          identity_document: {
            type: 'id_card',
            number: 'ABA300000',
            expiry_date: '2031-05-20',
            issuing_country: 'PL',
          },
          pep_declaration: { is_pep: false },
          source_of_wealth_declaration: { sources: ['business_activity'] },
        },
      },
    },
  })
  @ApiResponse({ status: 201, type: BeneficialOwnerCreated })
  @ApiProblems([404, 409, 422], {
    422: '`not_applicable_to_entity_type` (not a multi-person company), `entity_type_not_set`, or `validation_failed`.',
  })
  add(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Body() dto: BeneficialOwnerDto,
  ): Promise<BeneficialOwnerCreated> {
    return this.owners.add(principal, ref, dto);
  }

  @Delete(':uuid')
  @HttpCode(204)
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiParam({ name: 'uuid', description: 'The `beneficiary_uuid` returned on add.' })
  @ApiOperation({ summary: 'Remove Beneficial Owner', description: 'Multi-person companies only.' })
  @ApiResponse({ status: 204, description: 'Removed.' })
  @ApiProblems([404, 409, 422], {
    404: 'Unknown `ref`, or the uuid is not on this onboarding (`not_found`).',
    422: '`not_applicable_to_entity_type` (not a multi-person company) or `entity_type_not_set`.',
  })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Param('uuid') uuid: string,
  ): Promise<void> {
    await this.owners.remove(principal, ref, uuid);
  }
}
