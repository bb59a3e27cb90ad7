/**
 * A partner's webhook receiver in plain Node (node:http), using the receiver kit to verify the
 * signature on the raw body, reject stale timestamps and ignore duplicate X-Webhook-Ids.
 *
 *   WEBHOOK_SECRET=whsec_... PORT=4000 \
 *     node -r ./scripts/swc-register.js examples/webhook-receiver/server.ts
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { WebhookReceiver, type WebhookEvent } from '../../libs/webhook-receiver/src';

const MAX_BODY_BYTES = 1024 * 1024;

function readRawBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Answers 200 quickly (work that takes long belongs in a queue of your own), 4xx when verification fails. */
export function createReceiverServer(
  secrets: string[],
  handle: (event: WebhookEvent) => Promise<void> | void,
): Server {
  const receiver = new WebhookReceiver({ secrets, toleranceSeconds: 300 });
  return createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    try {
      const rawBody = await readRawBody(req);
      const result = await receiver.receive(req.headers, rawBody, handle);
      res.writeHead(result.status, { 'content-type': 'text/plain' }).end(result.outcome);
    } catch {
      // Not processed: a 5xx makes the sender retry later.
      res.writeHead(500).end();
    }
  });
}

if (require.main === module) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error('Set WEBHOOK_SECRET to the secret shown when the endpoint was created.');
    process.exit(1);
  }
  // During a secret rotation put the new secret in WEBHOOK_SECRET and the old one in WEBHOOK_PREVIOUS_SECRET.
  const secrets = [secret, process.env.WEBHOOK_PREVIOUS_SECRET].filter((value): value is string =>
    Boolean(value),
  );
  const port = Number(process.env.PORT ?? 4000);
  createReceiverServer(secrets, (event) => {
    console.log(`${event.type} ${event.id}`, JSON.stringify(event.data));
  }).listen(port, () => console.log(`webhook receiver listening on :${port}`));
}
