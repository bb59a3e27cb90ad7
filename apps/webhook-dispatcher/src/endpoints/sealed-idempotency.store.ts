import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdempotencyStore, type ClaimResult } from '@pc/http';
import { SecretCipher } from './secret-cipher';

/**
 * The shared idempotency store, with stored responses encrypted: creating an endpoint or rotating
 * its secret answers with the signing secret, and a replayable copy must not sit in the clear.
 */
@Injectable()
export class SealedIdempotencyStore extends IdempotencyStore {
  constructor(
    dataSource: DataSource,
    private readonly cipher: SecretCipher,
  ) {
    super(dataSource);
  }

  override async claim(owner: string, key: string, requestHash: string): Promise<ClaimResult> {
    const claim = await super.claim(owner, key, requestHash);
    if (claim.outcome !== 'replay' || claim.body.length === 0) return claim;
    return { ...claim, body: this.cipher.decrypt(claim.body, associatedData(owner, key)) };
  }

  override async complete(
    owner: string,
    key: string,
    status: number,
    body: string,
    headers: Record<string, string>,
  ): Promise<void> {
    await super.complete(
      owner,
      key,
      status,
      this.cipher.encrypt(body, associatedData(owner, key)),
      headers,
    );
  }
}

function associatedData(owner: string, key: string): string {
  return `idempotency:${owner}:${key}`;
}
