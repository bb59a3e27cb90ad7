import { detectDocumentFormat } from './document-format';

describe('detectDocumentFormat', () => {
  it.each([
    ['pdf', Buffer.from('%PDF-1.7\n%âãÏÓ')],
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])],
    ['tiff', Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0])],
    ['tiff', Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8])],
  ])('recognises %s by its leading bytes', (format, content) => {
    expect(detectDocumentFormat(content)).toBe(format);
  });

  it('rejects other content whatever it is called', () => {
    expect(detectDocumentFormat(Buffer.from('GIF89a...'))).toBeNull();
    expect(detectDocumentFormat(Buffer.from('PK\u0003\u0004 docx'))).toBeNull();
    expect(detectDocumentFormat(Buffer.from('%PD'))).toBeNull();
    expect(detectDocumentFormat(Buffer.alloc(0))).toBeNull();
  });
});
