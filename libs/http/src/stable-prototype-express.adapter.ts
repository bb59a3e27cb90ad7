import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/**
 * Nest's Express adapter, with a server whose requests and responses are born Express objects.
 *
 * Express gives every request and response its own prototype on arrival (`Object.setPrototypeOf`
 * to `app.request` / `app.response`). Changing an object's prototype sends V8's property caches
 * for those objects, in Node's HTTP code as much as in Express's, down their slowest path: on this
 * project's machine it was most of what a trivial Nest endpoint cost (0.22 → 0.07 ms of CPU per
 * request). Node lets a server say which classes to build; here they are subclasses of Node's
 * whose prototypes Express then adopts as `app.request` / `app.response` (still inheriting all of
 * Express's), so Express's `setPrototypeOf` finds nothing to change. expressjs/express#5998
 * describes the same fix.
 */
export class StablePrototypeExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options.httpsOptions || options.forceCloseConnections || options.return503OnClosing) {
      // All three shape Nest's own server. Services speak plain HTTP behind the ingress and use
      // none of them, so refuse rather than silently drop them.
      throw new Error(
        'StablePrototypeExpressAdapter supports none of httpsOptions, forceCloseConnections, return503OnClosing',
      );
    }
    const app = this.getInstance<Express>();
    class ExpressRequest extends IncomingMessage {}
    class ExpressResponse<Request extends IncomingMessage> extends ServerResponse<Request> {}
    Object.setPrototypeOf(ExpressRequest.prototype, app.request);
    Object.setPrototypeOf(ExpressResponse.prototype, app.response);
    app.request = ExpressRequest.prototype as Express['request'];
    app.response = ExpressResponse.prototype as Express['response'];
    this.httpServer = createServer(
      { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse },
      app,
    );
  }
}
