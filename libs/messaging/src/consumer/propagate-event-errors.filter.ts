import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Nest's default RPC filter replaces every unknown error with "Internal server error". Registered on
 * the events microservice (`useGlobalFilters`), this filter hands the original error to
 * `RabbitEventsServer`, which logs it and records its message in `x-last-error` / `x-parking-reason`.
 */
@Catch()
export class PropagateEventErrorsFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}
