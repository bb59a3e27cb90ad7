import { HostedLinkSigner } from './hosted-link-signer';

describe('HostedLinkSigner', () => {
  const signer = new HostedLinkSigner('s'.repeat(32), 'https://hosted.example/');
  const claims = {
    kind: 'invitation' as const,
    id: '0190a3e0-0000-7000-8000-000000000001',
    exp: 1_900_000_000,
  };

  it('builds a link under the base URL and reads its claims back', () => {
    const url = signer.url(claims);
    expect(url).toMatch(/^https:\/\/hosted\.example\/invitations\/[\w-]+\.[\w-]{43}$/);
    expect(signer.verify(url.split('/').pop() as string)).toEqual(claims);
  });

  it('rejects tampered, foreign and malformed tokens', () => {
    const token = signer.token(claims);
    const forged = new HostedLinkSigner('t'.repeat(32), 'https://x').token(claims);
    expect(signer.verify(forged)).toBeNull();
    expect(signer.verify(`${token.slice(0, -2)}AA`)).toBeNull();
    expect(signer.verify('not-a-token')).toBeNull();
    const otherPayload = Buffer.from(`o:${claims.id}:9999999999`).toString('base64url');
    expect(signer.verify(`${otherPayload}.${token.split('.')[1]}`)).toBeNull();
  });
});
