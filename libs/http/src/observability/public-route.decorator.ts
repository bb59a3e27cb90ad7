import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'pc:public-route';

/** Marks a route that needs no internal principal: health, metrics, the OpenAPI document, hosted pages. */
export const PublicRoute = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);
