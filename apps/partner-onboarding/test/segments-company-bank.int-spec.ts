import { DataSource } from 'typeorm';
import {
  as,
  bankProfile,
  COMPANY,
  expectProblem,
  fieldsOf,
  onboardingAppForTests,
  principal,
} from './support';

describe('company and bank/profile segments', () => {
  const { app, api, draftOf } = onboardingAppForTests();

  describe('PATCH company', () => {
    it('takes has_nip false as a natural person and refuses any other field', async () => {
      const ref = await draftOf();
      const saved = await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send({ has_nip: false })
        .expect(200);
      expect(saved.body).toMatchObject({ entity_type: 'natural_person', register: null });
      const extra = await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send({ has_nip: false, nip: '5260000011', name: 'X' })
        .expect(422);
      expect(fieldsOf(extra.body)).toEqual(
        expect.arrayContaining(['nip:not_allowed', 'name:not_allowed']),
      );
    });

    it('needs the full company block with has_nip true', async () => {
      const ref = await draftOf();
      const response = await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send({ has_nip: true })
        .expect(422);
      expect(fieldsOf(response.body)).toEqual(
        expect.arrayContaining([
          'nip:required',
          'regon:required',
          'legal_form:required',
          'name:required',
          'registered_address:required',
        ]),
      );
      const noKrs = await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send({ ...COMPANY.jointBoard, krs: undefined })
        .expect(422);
      expect(fieldsOf(noKrs.body)).toEqual(['krs:required']);
    });

    it('verifies NIP and REGON checksums and the KRS format', async () => {
      const ref = await draftOf();
      const response = await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send({ ...COMPANY.jointBoard, nip: '5260000012', regon: '140000018', krs: '12345' })
        .expect(422);
      expect(fieldsOf(response.body)).toEqual(
        expect.arrayContaining(['nip:invalid_nip', 'regon:invalid_regon', 'krs:invalid_krs']),
      );
      const shortRegon = await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send({ ...COMPANY.jointBoard, regon: '14000001700010' })
        .expect(422);
      expect(fieldsOf(shortRegon.body)).toEqual(['regon:invalid_regon']);
    });

    it('enriches from the register: joint board, single board, sole trader', async () => {
      const joint = await api()
        .patch(`/api/v1/onboarding/${await draftOf()}/company`)
        .send(COMPANY.jointBoard)
        .expect(200);
      expect(joint.body).toMatchObject({
        entity_type: 'company',
        register: { krs: '0000000001', governing_body: { representation_rule: 'joint' } },
      });
      expect(joint.body.register.governing_body.members).toHaveLength(2);
      const single = await api()
        .patch(`/api/v1/onboarding/${await draftOf()}/company`)
        .send(COMPANY.singleBoard)
        .expect(200);
      expect(single.body.register.governing_body.members).toHaveLength(1);
      const sole = await api()
        .patch(`/api/v1/onboarding/${await draftOf()}/company`)
        .send(COMPANY.soleTrader)
        .expect(200);
      expect(sole.body).toMatchObject({
        entity_type: 'sole_trader',
        register: { krs: null, legal_form: 'sole_proprietorship' },
      });
    });

    it('answers 422 entity_struck_off, entity_not_in_register and register_mismatch', async () => {
      const ref = await draftOf();
      const struck = await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send(COMPANY.struckOff)
        .expect(422);
      expectProblem(struck.body, 422, 'entity_struck_off');
      expect(fieldsOf(struck.body)).toEqual(['nip:entity_struck_off']);
      const unknown = await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send({ ...COMPANY.jointBoard, nip: '5260000040' })
        .expect(422);
      expectProblem(unknown.body, 422, 'entity_not_in_register');
      const mismatch = await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send({ ...COMPANY.jointBoard, regon: '140000023' })
        .expect(422);
      expect(fieldsOf(mismatch.body)).toEqual(['regon:register_mismatch']);
      const status = await api().get(`/api/v1/onboarding/${ref}`).expect(200);
      expect(status.body.status).toBe('draft');
    });

    it("never moves the merchant's position in the hosted flow", async () => {
      const ref = await draftOf();
      const dataSource = app().get(DataSource);
      await dataSource.query(
        `UPDATE onboardings SET hosted_step = 'statutory_declarations' WHERE ref = $1`,
        [ref],
      );
      await api().patch(`/api/v1/onboarding/${ref}/company`).send(COMPANY.soleTrader).expect(200);
      await api()
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send(COMPANY.naturalPerson)
        .expect(200);
      const [row] = await dataSource.query(`SELECT hosted_step FROM onboardings WHERE ref = $1`, [
        ref,
      ]);
      expect(row.hosted_step).toBe('statutory_declarations');
    });

    it("is 404 outside the caller's channels", async () => {
      const ref = await draftOf();
      await as(app(), principal({ channels: ['elsewhere'] }))
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send(COMPANY.naturalPerson)
        .expect(404);
    });
  });

  describe('PUT bank-account-profile', () => {
    it('is 422 before the entity type is set', async () => {
      const response = await api()
        .put(`/api/v1/onboarding/${await draftOf()}/bank-account-profile`)
        .send(bankProfile())
        .expect(422);
      expectProblem(response.body, 422, 'entity_type_not_set');
    });

    it('accepts whole PLN integers only', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      for (const bad of [12.5, '100', -1]) {
        const response = await api()
          .put(`/api/v1/onboarding/${ref}/bank-account-profile`)
          .send(
            bankProfile({
              transactional_profile: {
                ...bankProfile().transactional_profile,
                expected_monthly_turnover_pln: bad,
              },
            }),
          )
          .expect(422);
        expect(fieldsOf(response.body)[0]).toMatch(
          /^transactional_profile\.expected_monthly_turnover_pln:(must_be_integer|too_small)$/,
        );
      }
    });

    it('validates a Polish IBAN', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      const invalid = await api()
        .put(`/api/v1/onboarding/${ref}/bank-account-profile`)
        .send(
          bankProfile({ bank_account: { iban: 'PL61109010140000071219812875', holder_name: 'X' } }),
        )
        .expect(422);
      expect(fieldsOf(invalid.body)).toEqual(['bank_account.iban:invalid_iban']);
      const german = await api()
        .put(`/api/v1/onboarding/${ref}/bank-account-profile`)
        .send(bankProfile({ bank_account: { iban: 'DE89370400440532013000', holder_name: 'X' } }))
        .expect(422);
      expect(fieldsOf(german.body)).toEqual(['bank_account.iban:iban_not_polish']);
    });

    it('wants a PKD code from businesses and refuses one from a natural person', async () => {
      const company = await draftOf(COMPANY.jointBoard);
      const missing = await api()
        .put(`/api/v1/onboarding/${company}/bank-account-profile`)
        .send(bankProfile({ main_activity_pkd: undefined }))
        .expect(422);
      expect(fieldsOf(missing.body)).toEqual(['main_activity_pkd:required']);
      const person = await draftOf(COMPANY.naturalPerson);
      const refused = await api()
        .put(`/api/v1/onboarding/${person}/bank-account-profile`)
        .send(bankProfile())
        .expect(422);
      expect(fieldsOf(refused.body)).toEqual(['main_activity_pkd:not_allowed']);
      const format = await api()
        .put(`/api/v1/onboarding/${company}/bank-account-profile`)
        .send(bankProfile({ main_activity_pkd: '4791Z' }))
        .expect(422);
      expect(fieldsOf(format.body)).toEqual(['main_activity_pkd:invalid_format']);
    });

    it('requires the licence of a regulated activity as a document to upload', async () => {
      const ref = await draftOf(COMPANY.soleTrader);
      const saved = await api()
        .put(`/api/v1/onboarding/${ref}/bank-account-profile`)
        .send(bankProfile({ main_activity_pkd: '92.00.Z' }))
        .expect(200);
      expect(saved.body.required_documents).toEqual([
        {
          document_id: expect.any(String),
          document_type: 'regulated_activity_licence',
          required_for: '92.00.Z',
          status: 'required',
        },
      ]);
      const finalize = await api().post(`/api/v1/onboarding/${ref}/finalize`).expect(200);
      expect(finalize.body.missing).toEqual(['regulated_activity_documents']);
      await api()
        .put(`/api/v1/onboarding/${ref}/bank-account-profile`)
        .send(bankProfile())
        .expect(200);
      const cleared = await api().post(`/api/v1/onboarding/${ref}/finalize`).expect(200);
      expect(cleared.body).toMatchObject({
        missing: [],
        required_documents: [],
        status: 'awaiting_merchant',
      });
    });
  });
});
