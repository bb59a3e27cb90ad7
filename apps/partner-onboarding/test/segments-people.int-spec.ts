import {
  ADDRESS,
  beneficialOwner,
  COMPANY,
  expectProblem,
  fieldsOf,
  IDENTITY_DOCUMENT,
  onboardingAppForTests,
} from './support';

const IDENTITY = {
  national_id_number: '44051401458',
  identity_document: IDENTITY_DOCUMENT,
  residential_address: ADDRESS,
  place_of_birth: { city: 'Kraków', country: 'PL' },
  citizenships: ['PL'],
};

describe('identity, representation and beneficial owners', () => {
  const { api, draftOf } = onboardingAppForTests();

  describe('PUT applicant-identity', () => {
    it('stores the identity of a natural person or sole trader', async () => {
      for (const company of [COMPANY.naturalPerson, COMPANY.soleTrader]) {
        const ref = await draftOf(company);
        const saved = await api()
          .put(`/api/v1/onboarding/${ref}/applicant-identity`)
          .send(IDENTITY)
          .expect(200);
        expect(saved.body).toMatchObject({ ref, segment: 'applicant_identity' });
      }
    });

    it('is 422 for a multi-person company or before the entity type', async () => {
      const company = await api()
        .put(`/api/v1/onboarding/${await draftOf(COMPANY.jointBoard)}/applicant-identity`)
        .send(IDENTITY)
        .expect(422);
      expectProblem(company.body, 422, 'not_applicable_to_entity_type');
      const unset = await api()
        .put(`/api/v1/onboarding/${await draftOf()}/applicant-identity`)
        .send(IDENTITY)
        .expect(422);
      expectProblem(unset.body, 422, 'entity_type_not_set');
    });

    it('verifies the PESEL, the id card number and the expiry', async () => {
      const ref = await draftOf(COMPANY.naturalPerson);
      const pesel = await api()
        .put(`/api/v1/onboarding/${ref}/applicant-identity`)
        .send({ ...IDENTITY, national_id_number: '44051401459' })
        .expect(422);
      expect(fieldsOf(pesel.body)).toEqual(['national_id_number:invalid_pesel']);
      const card = await api()
        .put(`/api/v1/onboarding/${ref}/applicant-identity`)
        .send({
          ...IDENTITY,
          identity_document: {
            ...IDENTITY_DOCUMENT,
            number: 'ABA400000',
            expiry_date: '2020-01-01',
          },
        })
        .expect(422);
      expect(fieldsOf(card.body)).toEqual([
        'identity_document.number:invalid_checksum',
        'identity_document.expiry_date:document_expired',
      ]);
    });
  });

  describe('PUT representation', () => {
    it('derives the mode from the governing body and the decision', async () => {
      const joint = await draftOf(COMPANY.jointBoard);
      const co = await api()
        .put(`/api/v1/onboarding/${joint}/representation`)
        .send({ represents_company: true })
        .expect(200);
      expect(co.body).toMatchObject({
        representation_mode: 'co_representative',
        requires_invitation_or_poa: true,
      });
      const single = await draftOf(COMPANY.singleBoard);
      const solo = await api()
        .put(`/api/v1/onboarding/${single}/representation`)
        .send({ represents_company: true })
        .expect(200);
      expect(solo.body).toMatchObject({
        representation_mode: 'solo',
        requires_invitation_or_poa: false,
      });
      const proxy = await api()
        .put(`/api/v1/onboarding/${single}/representation`)
        .send({ represents_company: false })
        .expect(200);
      expect(proxy.body).toMatchObject({
        representation_mode: 'proxy',
        requires_invitation_or_poa: true,
      });
    });

    it('is 422 for a sole trader, a natural person, or a malformed decision', async () => {
      for (const company of [COMPANY.soleTrader, COMPANY.naturalPerson]) {
        const response = await api()
          .put(`/api/v1/onboarding/${await draftOf(company)}/representation`)
          .send({ represents_company: true })
          .expect(422);
        expectProblem(response.body, 422, 'not_applicable_to_entity_type');
      }
      const malformed = await api()
        .put(`/api/v1/onboarding/${await draftOf(COMPANY.jointBoard)}/representation`)
        .send({ represents_company: 'yes' })
        .expect(422);
      expect(fieldsOf(malformed.body)).toEqual(['represents_company:must_be_boolean']);
    });
  });

  describe('beneficial owners', () => {
    it('adds and removes owners of a multi-person company; 404 for a uuid not on it', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      const added = await api()
        .post(`/api/v1/onboarding/${ref}/beneficial-owners`)
        .send(beneficialOwner())
        .expect(201);
      expect(added.body.beneficiary_uuid).toMatch(/^[0-9a-f-]{36}$/);
      const other = await draftOf(COMPANY.jointBoard);
      await api()
        .delete(`/api/v1/onboarding/${other}/beneficial-owners/${added.body.beneficiary_uuid}`)
        .expect(404);
      await api()
        .delete(`/api/v1/onboarding/${ref}/beneficial-owners/${added.body.beneficiary_uuid}`)
        .expect(204);
      const again = await api()
        .delete(`/api/v1/onboarding/${ref}/beneficial-owners/${added.body.beneficiary_uuid}`)
        .expect(404);
      expectProblem(again.body, 404, 'not_found');
      await api().delete(`/api/v1/onboarding/${ref}/beneficial-owners/not-a-uuid`).expect(404);
    });

    it('is 422 for sole traders and natural persons, adding or removing', async () => {
      for (const company of [COMPANY.soleTrader, COMPANY.naturalPerson]) {
        const ref = await draftOf(company);
        const add = await api()
          .post(`/api/v1/onboarding/${ref}/beneficial-owners`)
          .send(beneficialOwner())
          .expect(422);
        expectProblem(add.body, 422, 'not_applicable_to_entity_type');
        await api()
          .delete(
            `/api/v1/onboarding/${ref}/beneficial-owners/9b2f0c64-1a7e-4f3b-8d25-6e4c1b0a9f17`,
          )
          .expect(422);
      }
    });

    it('checks the declarations and identity of the owner', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      const response = await api()
        .post(`/api/v1/onboarding/${ref}/beneficial-owners`)
        .send(
          beneficialOwner({
            pep_declaration: { is_pep: true },
            indication_basis: { type: 'ownership' },
            source_of_wealth_declaration: { sources: ['lottery'] },
          }),
        )
        .expect(422);
      expect(fieldsOf(response.body)).toEqual(
        expect.arrayContaining([
          'pep_declaration.position:required',
          'indication_basis.ownership_percent:required',
          'source_of_wealth_declaration.sources:invalid_value',
        ]),
      );
      const birth = await api()
        .post(`/api/v1/onboarding/${ref}/beneficial-owners`)
        .send(
          beneficialOwner({
            identity: { ...beneficialOwner().identity, date_of_birth: '1950-01-01' },
          }),
        )
        .expect(422);
      expect(fieldsOf(birth.body)).toEqual(['identity.date_of_birth:pesel_mismatch']);
    });
  });
});
