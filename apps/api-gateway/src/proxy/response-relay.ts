import type { ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { partnerResponseHeaders } from './forwarded-headers';

/**
 * Writes a service's response into the partner's as undici receives it: the status and headers
 * (without hop-by-hop ones), then each body chunk, pausing the service while the partner reads
 * slowly. A dispatch handler rather than undici's `stream()`, which per call adds an async
 * resource, a stream pipeline with its completion tracking, and a promise. When the partner goes
 * away first, the upstream request is aborted.
 */
export class ResponseRelay implements Dispatcher.DispatchHandler {
  /** The service's status code once it has answered: the metric label. */
  status = 'error';
  private controller: Dispatcher.DispatchController | null = null;
  private finished = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly onDone: (error?: Error) => void,
  ) {
    response.once('close', this.onPartnerClose);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.response.destroyed) controller.abort(partnerGone());
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    // 1xx informational responses were handled by undici; the final one follows.
    if (statusCode < 200) return;
    this.status = String(statusCode);
    this.response.writeHead(statusCode, partnerResponseHeaders(headers));
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.response.write(chunk)) return;
    controller.pause();
    this.response.once('drain', () => controller.resume());
  }

  onResponseEnd(): void {
    this.finished = true;
    this.response.end();
    this.onDone();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.finished) return;
    this.finished = true;
    this.onDone(error);
  }

  private readonly onPartnerClose = (): void => {
    if (!this.finished) this.controller?.abort(partnerGone());
  };
}

function partnerGone(): Error {
  return new Error('the partner closed the connection');
}
