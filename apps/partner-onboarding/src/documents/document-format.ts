export type DocumentFormat = 'pdf' | 'png' | 'jpeg' | 'tiff';

export const MEDIA_TYPE_BY_FORMAT: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
};

/** Leading bytes ("magic numbers") of each accepted format. jpg and jpeg are one format. */
const SIGNATURES: Array<{ format: DocumentFormat; bytes: number[] }> = [
  { format: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { format: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { format: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { format: 'tiff', bytes: [0x49, 0x49, 0x2a, 0x00] }, // little-endian "II*\0"
  { format: 'tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] }, // big-endian "MM\0*"
];

/** The document's format judged by its content, never by its name; null when it is none we accept. */
export function detectDocumentFormat(content: Buffer): DocumentFormat | null {
  const match = SIGNATURES.find(
    ({ bytes }) => content.length >= bytes.length && bytes.every((byte, i) => content[i] === byte),
  );
  return match?.format ?? null;
}
