/** Port: durable storage of document content. Content is immutable; a replacement gets a new key. */
export abstract class DocumentStorage {
  /** Stores the content and returns its key. */
  abstract put(content: Buffer): Promise<string>;
  abstract get(key: string): Promise<Buffer | null>;
}
