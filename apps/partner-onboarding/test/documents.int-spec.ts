import { DataSource } from 'typeorm';
import { DocumentStorage } from '../src/documents/document-storage.port';
import {
  as,
  bankProfile,
  COMPANY,
  expectProblem,
  fieldsOf,
  onboardingAppForTests,
  PDF,
  principal,
} from './support';

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const LIMIT = 5120 * 1024;

describe('onboarding documents', () => {
  const { app, api, draftOf } = onboardingAppForTests();

  describe('upload', () => {
    it('accepts a multipart file and base64 content, judging the format by the bytes', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      const multipart = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .field('document_type', 'registration_certificate')
        .field('subject', 'company')
        .attach('file', PNG, { filename: 'scan.pdf', contentType: 'application/pdf' })
        .expect(201);
      expect(multipart.body).toMatchObject({
        document_type: 'registration_certificate',
        subject: 'company',
        format: 'png',
        filename: 'scan.pdf',
        size_bytes: PNG.length,
      });
      const json = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: PDF.toString('base64'),
          filename: 'poa.jpg',
          document_type: 'power_of_attorney',
          subject: 'representative',
        })
        .expect(201);
      expect(json.body).toMatchObject({ format: 'pdf', filename: 'poa.jpg' });
      expect(json.body.document_id).not.toBe(multipart.body.document_id);
      const [row] = await app()
        .get(DataSource)
        .query(`SELECT storage_key FROM documents WHERE id = $1`, [json.body.document_id]);
      expect(await app().get(DocumentStorage).get(row.storage_key)).toEqual(PDF);
    });

    it('refuses other formats whatever their name (422)', async () => {
      const ref = await draftOf();
      const gif = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: Buffer.from('GIF89a....').toString('base64'),
          filename: 'a.pdf',
          document_type: 'other',
          subject: 'company',
        })
        .expect(422);
      expect(fieldsOf(gif.body)).toEqual(['content_base64:unsupported_document_format']);
      const multipart = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .field('document_type', 'other')
        .field('subject', 'company')
        .attach('file', Buffer.from('PK\u0003\u0004'), 'a.png')
        .expect(422);
      expect(fieldsOf(multipart.body)).toEqual(['file:unsupported_document_format']);
    });

    it('refuses null content or filename with 422, not a server error', async () => {
      const ref = await draftOf();
      const response = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({ content_base64: null, filename: null, document_type: 'other', subject: 'company' })
        .expect(422);
      expect(fieldsOf(response.body).sort()).toEqual([
        'content_base64:required',
        'filename:required',
      ]);
    });

    it('answers 413 problem+json above 5120 KB on both paths and accepts exactly 5120 KB', async () => {
      const ref = await draftOf();
      const tooBig = Buffer.concat([PDF, Buffer.alloc(LIMIT + 1 - PDF.length)]);
      const multipart = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .field('document_type', 'other')
        .field('subject', 'company')
        .attach('file', tooBig, 'big.pdf')
        .expect(413);
      expect(multipart.headers['content-type']).toContain('application/problem+json');
      expect(fieldsOf(multipart.body)).toEqual(['file:too_large']);
      const base64 = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: tooBig.toString('base64'),
          filename: 'big.pdf',
          document_type: 'other',
          subject: 'company',
        })
        .expect(413);
      expectProblem(base64.body, 413, 'document_too_large');
      expect(fieldsOf(base64.body)).toEqual(['content_base64:too_large']);
      const exact = Buffer.concat([PDF, Buffer.alloc(LIMIT - PDF.length)]);
      await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: exact.toString('base64'),
          filename: 'max.pdf',
          document_type: 'other',
          subject: 'company',
        })
        .expect(201);
    });

    it('needs document_type + subject or document_id, and content in one of the two ways', async () => {
      const ref = await draftOf();
      const none = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({ content_base64: PDF.toString('base64'), filename: 'a.pdf' })
        .expect(422);
      expect(fieldsOf(none.body)).toEqual(['document_type:required', 'subject:required']);
      const noContent = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({ document_type: 'other', subject: 'company' })
        .expect(422);
      expect(fieldsOf(noContent.body)).toEqual(['content_base64:required', 'filename:required']);
      const both = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: PDF.toString('base64'),
          filename: 'a.pdf',
          document_type: 'other',
          document_id: '3d8a6c1e-9f0b-4a57-8e2c-5b1d7f9a0c34',
        })
        .expect(422);
      expect(fieldsOf(both.body)).toEqual(['document_type:not_allowed']);
      const badBase64 = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: 'abc',
          filename: 'a.pdf',
          document_type: 'other',
          subject: 'company',
        })
        .expect(422);
      expect(fieldsOf(badBase64.body)).toEqual(['content_base64:invalid_base64']);
      await as(app(), principal({ partnerId: 'partner-z' }))
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: PDF.toString('base64'),
          filename: 'a.pdf',
          document_type: 'other',
          subject: 'company',
        })
        .expect(404);
    });

    it('fills a required regulated-activity document by its document_id', async () => {
      const ref = await draftOf(COMPANY.soleTrader);
      const profile = await api()
        .put(`/api/v1/onboarding/${ref}/bank-account-profile`)
        .send(bankProfile({ main_activity_pkd: '47.73.Z' }))
        .expect(200);
      const [required] = profile.body.required_documents;
      const unknown = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: PDF.toString('base64'),
          filename: 'l.pdf',
          document_id: '3d8a6c1e-9f0b-4a57-8e2c-5b1d7f9a0c34',
        })
        .expect(422);
      expect(fieldsOf(unknown.body)).toEqual(['document_id:document_not_found']);
      const filled = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: PDF.toString('base64'),
          filename: 'licence.pdf',
          document_id: required.document_id,
        })
        .expect(201);
      expect(filled.body).toMatchObject({
        document_id: required.document_id,
        document_type: 'regulated_activity_licence',
      });
      const finalize = await api().post(`/api/v1/onboarding/${ref}/finalize`).expect(200);
      expect(finalize.body).toMatchObject({ missing: [], status: 'awaiting_merchant' });
      expect(finalize.body.required_documents[0].status).toBe('uploaded');
    });
  });
});
