import { DestinationPolicy, isForbiddenAddress } from './destination-policy';

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::',
  ])('%s is forbidden', (address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is allowed',
    (address) => expect(isForbiddenAddress(address)).toBe(false),
  );
});

describe('DestinationPolicy', () => {
  const strict = new DestinationPolicy(false);
  const permissive = new DestinationPolicy(true);

  it('requires https unless private URLs are allowed', () => {
    expect(strict.checkSyntax('http://example.com/hook')).toBe('https_required');
    expect(strict.checkSyntax('https://example.com/hook')).toBeNull();
    expect(permissive.checkSyntax('http://127.0.0.1:9/hook')).toBeNull();
    expect(strict.checkSyntax('ftp://example.com')).toBe('https_required');
    expect(strict.checkSyntax('not a url')).toBe('invalid_url');
    expect(strict.checkSyntax('https://user:pw@example.com')).toBe('credentials_in_url');
  });

  it('refuses loopback, private and metadata destinations', async () => {
    await expect(strict.checkDestination('https://127.0.0.1/hook')).resolves.toBe(
      'forbidden_address',
    );
    await expect(strict.checkDestination('https://169.254.169.254/latest')).resolves.toBe(
      'forbidden_address',
    );
    await expect(strict.checkDestination('https://[::1]/hook')).resolves.toBe('forbidden_address');
    await expect(strict.checkDestination('https://localhost/hook')).resolves.toBe(
      'forbidden_address',
    );
    await expect(permissive.checkDestination('http://127.0.0.1/hook')).resolves.toBeNull();
  });
});
