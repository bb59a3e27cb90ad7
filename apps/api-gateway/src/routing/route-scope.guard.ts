import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { insufficientScope } from '@pc/auth';
import { ProblemException } from '@pc/http';
import type { GatewayRequest } from '../proxy/gateway-request';
import { RouteTableService } from './route-table.service';

/** Finds the operation the request is for (404 when none) and checks the key holds its scopes (403). */
@Injectable()
export class RouteScopeGuard implements CanActivate {
  constructor(private readonly routes: RouteTableService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const url = request.url;
    const queryStart = url.indexOf('?');
    const route = this.routes.match(
      request.method,
      queryStart < 0 ? url : url.slice(0, queryStart),
    );
    if (!route) {
      throw new ProblemException({
        status: 404,
        code: 'not_found',
        title: 'Not found',
        detail: `No operation ${request.method} ${request.path} in the Partner Connect API.`,
      });
    }
    const missing = route.scopes.find((scope) => !request.partnerKey!.scopes.includes(scope));
    if (missing) throw insufficientScope(missing);
    request.gatewayRoute = route;
    return true;
  }
}
